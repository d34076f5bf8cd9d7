import { badInput, notFound } from '@kv/server';
import type { LabelKind } from './repo.ts';

const NOUN: Record<LabelKind, string> = { tag: 'Tag', allergy: 'Allergy', medication: 'Medication' };

export const labelNotFound = (kind: LabelKind) => notFound(`${NOUN[kind]} not found.`);
export const labelNameTaken = (kind: LabelKind, field = 'name') => badInput(field, `${NOUN[kind]} with this name already exists.`);
export const relationshipNotFound = () => notFound('Relationship not found.');
export const relationshipNameTaken = () => badInput('name', 'A relationship with this name already exists.');
export const nounOf = (kind: LabelKind) => NOUN[kind];
