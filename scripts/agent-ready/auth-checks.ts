import { expect, type Check } from './check.js';

/** How an agent learns to authenticate: RFC 9728, RFC 8414 and the auth.md walkthrough. */
export const authChecks: Check[] = [
  {
    name: 'OAuth protected resource',
    spec: 'RFC 9728',
    async run(probe) {
      const metadata = await probe.json<{ resource?: string; authorization_servers?: string[] }>('/.well-known/oauth-protected-resource');
      expect(metadata.resource, 'no resource');
      expect(metadata.authorization_servers?.length, 'no authorization_servers');
      return `resource ${metadata.resource}`;
    },
  },
  {
    name: 'OAuth authorization server',
    spec: 'RFC 8414',
    async run(probe) {
      const metadata = await probe.json<{ issuer?: string; token_endpoint?: string; registration_endpoint?: string }>('/.well-known/oauth-authorization-server');
      expect(metadata.issuer && metadata.token_endpoint, 'no issuer or token_endpoint');
      return metadata.registration_endpoint ? 'with dynamic client registration' : 'without registration endpoint';
    },
  },
  {
    name: 'auth.md',
    spec: 'agent auth walkthrough',
    async run(probe) {
      const { body } = await probe.text('/auth.md', 'text/markdown');
      expect(/^# /m.test(body), 'no Markdown heading');
      return `${body.length} characters`;
    },
  },
];
