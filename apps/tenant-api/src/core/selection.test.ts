import { buildSchema, execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selects } from './selection.ts';

const schema = buildSchema(`
  type File { id: ID url: String thumbnail_url: String }
  type Photo { id: ID file: File }
  type Page { data: [Photo] }
  type Query { getPhotos: Page }
`);

async function asked(document: string): Promise<boolean> {
  let answer = false;
  await execute({
    schema,
    document: parse(document),
    rootValue: {
      getPhotos: (_: unknown, _ctx: unknown, info: Parameters<typeof selects>[0]) => {
        answer = selects(info, ['data', 'file'], ['url', 'thumbnail_url']);
        return { data: [] };
      },
    },
  });
  return answer;
}

describe('selects', () => {
  it('finds a leaf at the path, also through inline and named fragments', async () => {
    expect(await asked('{ getPhotos { data { id file { id url } } } }')).toBe(true);
    expect(await asked('{ getPhotos { data { ... on Photo { file { thumbnail_url } } } } }')).toBe(true);
    expect(await asked('query { getPhotos { data { ...P } } } fragment P on Photo { file { ...F } } fragment F on File { url }')).toBe(
      true,
    );
  });

  it('answers false where only other fields are asked for', async () => {
    expect(await asked('{ getPhotos { data { id file { id } } } }')).toBe(false);
    expect(await asked('{ getPhotos { data { id } } }')).toBe(false);
    expect(await asked('query { getPhotos { data { ...P } } } fragment P on Photo { id url: id }')).toBe(false);
  });
});
