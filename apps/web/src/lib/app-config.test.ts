import { describe, expect, it } from 'vitest';
import { AppConfigError, languagePackOf, loadAppConfig, parseAppConfig } from './app-config';

const centre = { name: 'Pawsome', slug: 'pawsome', kind: 'petcare', language_pack: 'dogs' };

describe('app config', () => {
  it('reads a centre host and a platform host', () => {
    const config = parseAppConfig({ surface: 'centre', centre, devMailbox: true });
    expect(config?.centre?.kind).toBe('petcare');
    expect(languagePackOf(config!)).toBe('dogs');
    expect(parseAppConfig({ surface: 'platform', centre: null, devMailbox: false })?.surface).toBe('platform');
  });

  it('rejects anything else', () => {
    expect(parseAppConfig(null)).toBeNull();
    expect(parseAppConfig({ surface: 'centre', centre: null, devMailbox: false })).toBeNull();
    expect(parseAppConfig({ surface: 'centre', centre: { ...centre, kind: 'zoo' }, devMailbox: false })).toBeNull();
    expect(parseAppConfig({ surface: 'other', centre: null, devMailbox: false })).toBeNull();
  });

  it('says why loading failed', async () => {
    const notFound = async () => new Response('no', { status: 404 });
    await expect(loadAppConfig(notFound as typeof fetch)).rejects.toMatchObject({ reason: 'status', httpStatus: 404 });
    const offline = async () => {
      throw new TypeError('offline');
    };
    await expect(loadAppConfig(offline as typeof fetch)).rejects.toBeInstanceOf(AppConfigError);
  });
});
