import type { Knex } from 'knex';
import { insertAudit, type AuditInput } from '../../core/audit.ts';
import { readSetting, writeSetting } from '../settings/index.ts';

type Db = Knex | Knex.Transaction;

/** The school profile is the centre-wide generic setting `school_profile` (settings table). */
const KEY = 'school_profile';

export const readSchoolProfile = (db: Db) => readSetting<{ school_name?: string | null; school_logo?: string | null }>(db, KEY);
export const writeSchoolProfile = (db: Db, value: { school_name: string; school_logo: string | null }) => writeSetting(db, KEY, value);
export const audit = (db: Db, row: AuditInput) => insertAudit(db, row);
