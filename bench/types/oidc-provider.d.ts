// oidc-provider (the token bench's baseline) ships no types; the bench uses it loosely.
declare module 'oidc-provider';
