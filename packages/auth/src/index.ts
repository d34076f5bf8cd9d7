export * from './password.ts';
export * from './secure-token.ts';
export * from './errors.ts';
export * from './tokens.ts';
export * from './sessions.ts';
export * from './throttle.ts';
export * from './service-channel.ts';
export * from './control-plane-client.ts';
