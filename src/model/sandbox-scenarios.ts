/**
 * The failures an agent can rehearse on sandbox writes with the `Sandbox-Scenario` header, like a
 * payment API's test cards. The HTTP layer answers each in its real shape; auth.md and the keys
 * response list them from here.
 */
export const SANDBOX_SCENARIOS = ['rate_limited', 'invalid_token', 'server_error', 'conflict', 'validation_error'] as const;
export type SandboxScenario = (typeof SANDBOX_SCENARIOS)[number];
