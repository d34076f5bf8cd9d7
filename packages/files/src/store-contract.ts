import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { forCentre } from './centre-store.ts';
import { backupObjectKey, backupPrefix, fileKey, ForeignKeyError, uploadKey } from './keys.ts';
import { postUpload } from './testing.ts';
import { FileTooLargeError, type FileStore } from './types.ts';

export interface ContractTarget {
  store: FileStore;
  /** Where relative URLs resolve (the local store's app); unused for absolute ones. */
  base?: string;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The HTTP contract both stores answer (run against the local store behind its routes and
 * against s3rver with the real SDK): a signed POST stores exactly the signed key; a signed GET
 * answers the bytes with the original name until it expires; a key of another centre is refused.
 */
export function fileStoreContract(target: () => ContractTarget): void {
  const centre = '101';
  const other = '202';
  const bytes = Buffer.from('%PDF-1.4 contract test body ' + randomUUID());

  it('stores what a signed POST sends, at the signed key', async () => {
    const { store, base } = target();
    const key = uploadKey(centre);
    const ticket = await forCentre(store, centre).presignUpload(key, {
      contentType: 'application/pdf',
      maxBytes: 1000,
      expiresInSeconds: 60,
    });
    expect(ticket.fields.key).toBe(key);
    expect(ticket.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    const res = await postUpload(ticket, bytes, { base });
    expect(res.status).toBe(204);
    expect(await store.stat(key)).toEqual({ size: bytes.length, contentType: 'application/pdf' });
    expect(Buffer.compare(await store.read(key, 1000), bytes)).toBe(0);
  });

  it('serves a signed GET with the type and the original name, then refuses it once expired', async () => {
    const { store, base } = target();
    const key = fileKey(centre, randomUUID(), 'main');
    await store.write(key, bytes, 'application/pdf');
    const signed = await forCentre(store, centre).presignDownload(key, {
      fileName: 'Réunion "parents".pdf',
      contentType: 'application/pdf',
      disposition: 'attachment',
      expiresInSeconds: 1,
    });
    const res = await fetch(new URL(signed.url, base));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R_union parents.pdf"; filename*=UTF-8''R%C3%A9union%20parents.pdf`,
    );
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), bytes)).toBe(0);
    await wait(2100);
    const late = await fetch(new URL(signed.url, base));
    expect(late.status).toBe(403);
  });

  it('refuses every operation on another centre’s key', async () => {
    const { store } = target();
    const mine = forCentre(store, centre);
    const theirs = fileKey(other, randomUUID(), 'main');
    await expect(
      mine.presignUpload(uploadKey(other), { contentType: 'image/png', maxBytes: 10, expiresInSeconds: 60 }),
    ).rejects.toBeInstanceOf(ForeignKeyError);
    await expect(
      mine.presignDownload(theirs, { fileName: 'x', contentType: 'image/png', disposition: 'inline', expiresInSeconds: 60 }),
    ).rejects.toBeInstanceOf(ForeignKeyError);
    await expect(mine.stat(theirs)).rejects.toBeInstanceOf(ForeignKeyError);
    await expect(mine.read(theirs, 10)).rejects.toBeInstanceOf(ForeignKeyError);
    await expect(mine.write(theirs, bytes, 'image/png')).rejects.toBeInstanceOf(ForeignKeyError);
    await expect(mine.remove([fileKey(centre, randomUUID(), 'main'), theirs])).rejects.toBeInstanceOf(ForeignKeyError);
  });

  it('refuses URLs living longer than five minutes', async () => {
    const { store } = target();
    await expect(
      store.presignUpload(uploadKey(centre), { contentType: 'image/png', maxBytes: 10, expiresInSeconds: 301 }),
    ).rejects.toBeInstanceOf(RangeError);
    await expect(
      store.presignDownload(fileKey(centre, randomUUID(), 'main'), {
        fileName: 'x',
        contentType: 'image/png',
        disposition: 'inline',
        expiresInSeconds: 3600,
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });

  it('reads no more than asked, and forgets removed objects', async () => {
    const { store, base } = target();
    const key = fileKey(centre, randomUUID(), 'thumb');
    await store.write(key, bytes, 'application/pdf');
    await expect(store.read(key, bytes.length - 1)).rejects.toBeInstanceOf(FileTooLargeError);
    const signed = await store.presignDownload(key, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      disposition: 'inline',
      expiresInSeconds: 60,
    });
    await store.remove([key, fileKey(centre, randomUUID(), 'main')]);
    expect(await store.stat(key)).toBeNull();
    expect((await fetch(new URL(signed.url, base))).status).toBe(404);
  });

  it('lists every object under one centre’s folder, backups included, and nothing once removed', async () => {
    const { store } = target();
    const lister = '303';
    const file = fileKey(lister, randomUUID(), 'main');
    const manifest = backupObjectKey(backupPrefix(lister, randomUUID()), 'manifest.json');
    const theirs = fileKey(other, randomUUID(), 'main');
    await store.write(file, bytes, 'image/webp');
    await store.write(manifest, Buffer.from('{}'), 'application/json');
    await store.write(theirs, bytes, 'image/webp');
    expect(await store.listCentre(lister)).toEqual([manifest, file].sort());
    await expect(forCentre(store, lister).listCentre(other)).rejects.toBeInstanceOf(ForeignKeyError);
    await store.remove(await store.listCentre(lister));
    expect(await store.listCentre(lister)).toEqual([]);
    expect(await store.listCentre(other)).toContain(theirs);
    await store.remove([theirs]);
  });
}
