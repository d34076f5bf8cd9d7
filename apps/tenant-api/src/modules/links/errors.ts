import { badInput } from '@kv/server';

export const notHttpUrl = () => badInput('url', 'Use an http(s) address.');
