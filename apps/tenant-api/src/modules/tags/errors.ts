import { badInput, notFound } from '@kv/server';
import type { LabelKind } from './repo.ts';

/** The closed set of this area's error codes: NOT_FOUND and BAD_USER_INPUT (the common ones). */
export const TagError = { NotFound: 'NOT_FOUND', BadInput: 'BAD_USER_INPUT' } as const;

const NOUN: Record<LabelKind, string> = { tag: 'Tag', allergy: 'Allergy', medication: 'Medication' };

export const labelNotFound = (kind: LabelKind) => notFound(`${NOUN[kind]} not found.`);
export const labelNameTaken = (kind: LabelKind, field = 'name') => badInput(field, `${NOUN[kind]} with this name already exists.`);
export const relationshipNotFound = () => notFound('Relationship not found.');
export const relationshipNameTaken = () => badInput('name', 'A relationship with this name already exists.');
export const nounOf = (kind: LabelKind) => NOUN[kind];
