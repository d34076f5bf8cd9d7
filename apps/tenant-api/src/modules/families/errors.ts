import { badInput, forbidden } from '@kv/server';

export const badCode = () => badInput('code', 'This code is not valid or has expired. Ask the centre for a new one.');
export const parentsOnly = () => forbidden('Only a child’s contact can do this.');
export const emailInUse = () => badInput('email', 'An account with this email already exists. Ask the centre to link it to your child.');
