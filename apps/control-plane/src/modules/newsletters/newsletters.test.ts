import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlPlaneClient, createTokenService, inProcessTransport } from '@kv/auth';
import { SECRET, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';

let h: ControlPlaneHarness;
let centreId = '';

const FIELDS = 'id name template is_temp tags';
const CREATE = `mutation($name: String!, $template: String, $is_temp: Boolean, $tags: [String!]) {
  createNewsletter(name: $name, template: $template, is_temp: $is_temp, tags: $tags) { status message newsletter { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $name: String, $template: String) { updateNewsletter(id: $id, name: $name, template: $template) { newsletter { ${FIELDS} } } }`;
const DUPLICATE = `mutation($id: ID!) { duplicateNewsletter(id: $id) { newsletter { ${FIELDS} } } }`;
const DELETE = `mutation($id: ID!) { deleteNewsletter(id: $id) { status } }`;
const LIST = `query($is_temp: Boolean) { getNewsletters(is_temp: $is_temp) { data { id name } paginatorInfo { total } } }`;

beforeAll(async () => {
  h = await startControlPlane();
  centreId = String((await h.control.db('centers').insert({ name: 'Tpl centre', slug: 'tpl-centre', status: 'active' }).returning('id'))[0].id);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('platform newsletter templates (admin)', () => {
  it('admin only; bad input names its field', async () => {
    const kv = await h.gql(CREATE, { name: 'x' }, { token: h.tokens.kvsupport });
    expect(kv.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const noName = await h.gql(CREATE, { name: ' ' }, { token: h.tokens.admin });
    expect([noName.errors?.[0]?.extensions?.code, noName.errors?.[0]?.extensions?.field]).toEqual(['BAD_USER_INPUT', 'name']);
    const missing = await h.gql(UPDATE, { id: '999999', name: 'y' }, { token: h.tokens.admin });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NEWSLETTER_NOT_FOUND');
    expect(await h.control.db('newsletter_templates').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('templates are sanitised and reach every centre through the catalogue; newsletters do not', async () => {
    const t = (
      await h.gql(CREATE, { name: 'Autumn', template: '<style>h1{color:#333}</style><h1 onclick="x()">Autumn</h1><script>1</script>', tags: ['Fall'] }, { token: h.tokens.admin })
    ).data.createNewsletter.newsletter;
    expect(t).toMatchObject({ name: 'Autumn', is_temp: true, tags: ['fall'], template: '<h1 style="color:#333">Autumn</h1>' });
    await h.gql(CREATE, { name: 'Platform news', is_temp: false }, { token: h.tokens.admin });
    const copy = (await h.gql(DUPLICATE, { id: t.id }, { token: h.tokens.admin })).data.duplicateNewsletter.newsletter;
    await h.gql(UPDATE, { id: t.id, name: 'Autumn 2026' }, { token: h.tokens.admin });
    const list = await h.gql(LIST, {}, { token: h.tokens.admin });
    expect(list.errors).toBeUndefined();
    expect(list.data.getNewsletters.paginatorInfo.total).toBe(2);
    expect((await h.gql(LIST, { is_temp: false }, { token: h.tokens.admin })).data.getNewsletters.paginatorInfo.total).toBe(1);

    const client = createControlPlaneClient({ tokens: createTokenService({ secret: SECRET }), transport: inProcessTransport(h.rt.centreChannel) });
    const cat = await client.catalogue(centreId, 'newsletter-templates');
    expect(cat.items.map((i) => i.data.name)).toEqual(['Autumn 2026', 'Autumn (copy)']);
    await h.gql(DELETE, { id: copy.id }, { token: h.tokens.admin });
    expect((await client.catalogue(centreId, 'newsletter-templates')).items.map((i) => i.key)).toEqual([`template-${t.id}`]);
  });
});
