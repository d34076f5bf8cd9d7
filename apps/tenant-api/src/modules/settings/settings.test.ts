import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';

let h: Harness;
const A = () => h.centres[0]!;
const SAVE = 'mutation($i: ThemeSettingInput!) { saveAppSettings(input: $i) { status setting { theme_mode theme_color } } }';

beforeAll(async () => {
  h = await createHarness();
  for (const role of ['manager', 'teacher']) await seedUser(A(), { username: role, role });
  await seedUser(h.centres[1]!, { username: 'manager', role: 'manager' });
});
afterAll(() => h.close());

describe('theme settings', () => {
  it('guests read the defaults: semi-dark', async () => {
    const r = await gql(h.app, A().host, '{ getThemeSetting { theme_mode collapse_sidebar show_room_ration_widget } }');
    expect(r.data?.getThemeSetting).toEqual({ theme_mode: 'semi-dark', collapse_sidebar: false, show_room_ration_widget: true });
  });

  it('a manager saves them; bad colours and modes are refused naming the field', async () => {
    const { token } = await signIn(h.app, A().host, 'manager');
    const ok = await gql(h.app, A().host, SAVE, { i: { theme_mode: 'dark', theme_color: '#abc' } }, token);
    expect(ok.data?.saveAppSettings.setting).toEqual({ theme_mode: 'dark', theme_color: '#abc' });
    const badColour = await gql(h.app, A().host, SAVE, { i: { theme_color: '#abcd' } }, token);
    expect(badColour.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.theme_color' });
    const badMode = await gql(h.app, A().host, SAVE, { i: { theme_mode: 'neon' } }, token);
    expect(badMode.errors?.[0]?.extensions?.field).toBe('input.theme_mode');
    expect((await gql(h.app, A().host, '{ getThemeSetting { theme_mode } }')).data?.getThemeSetting.theme_mode).toBe('dark');
  });

  it('camera_module_setting is grid or list (null: grid); anything else is refused naming the field', async () => {
    const { token } = await signIn(h.app, A().host, 'manager');
    const READ = '{ getThemeSetting { camera_module_setting } }';
    expect((await gql(h.app, A().host, READ)).data?.getThemeSetting.camera_module_setting).toBeNull();
    const bad = await gql(h.app, A().host, SAVE, { i: { camera_module_setting: 'carousel' } }, token);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.camera_module_setting' });
    expect((await gql(h.app, A().host, SAVE, { i: { camera_module_setting: 'list' } }, token)).data?.saveAppSettings.status).toBe(true);
    expect((await gql(h.app, A().host, READ)).data?.getThemeSetting.camera_module_setting).toBe('list');
    expect((await gql(h.app, h.centres[1]!.host, READ)).data?.getThemeSetting.camera_module_setting).toBeNull();
    await gql(h.app, A().host, SAVE, { i: { camera_module_setting: null } }, token);
    expect((await gql(h.app, A().host, READ)).data?.getThemeSetting.camera_module_setting).toBeNull();
  });

  it('needs the settings.manage permission, and a teacher is refused', async () => {
    const teacher = await signIn(h.app, A().host, 'teacher');
    expect((await gql(h.app, A().host, SAVE, { i: { theme_mode: 'light' } }, teacher.token)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    await A().db.db.raw(
      "delete from role_permissions where role_id = (select id from roles where name = 'manager') and permission_id = (select id from permissions where name = 'settings.manage')",
    );
    const manager = await signIn(h.app, A().host, 'manager');
    expect((await gql(h.app, A().host, SAVE, { i: { theme_mode: 'light' } }, manager.token)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('each centre keeps its own theme; a token of A is refused on B', async () => {
    const b = h.centres[1]!;
    expect((await gql(h.app, b.host, '{ getThemeSetting { theme_mode } }')).data?.getThemeSetting.theme_mode).toBe('semi-dark');
    const { token } = await signIn(h.app, A().host, 'teacher');
    expect((await gql(h.app, b.host, SAVE, { i: { theme_mode: 'light' } }, token)).statusCode).toBe(401);
  });
});
