/**
 * The failures an agent can rehearse on sandbox writes with the `Sandbox-Scenario` header, like a
 * payment API's test cards. Each is named after the error code it produces, so the name an agent
 * sends is the code its error handling will see; the HTTP layer answers each in its real shape,
 * and auth.md and the keys response list them from here.
 */
export const SANDBOX_SCENARIOS = ['rate_limited', 'invalid_token', 'internal_error', 'idempotency_conflict', 'validation_failed'] as const;
export type SandboxScenario = (typeof SANDBOX_SCENARIOS)[number];

/** The first names of three scenarios, before they were named after their codes; still accepted. */
export const SANDBOX_SCENARIO_ALIASES: Readonly<Record<string, SandboxScenario>> = Object.freeze({
  server_error: 'internal_error',
  conflict: 'idempotency_conflict',
  validation_error: 'validation_failed',
});

/** Every name the header accepts: the codes first, then the older aliases. */
export const ACCEPTED_SANDBOX_SCENARIOS: readonly string[] = [...SANDBOX_SCENARIOS, ...Object.keys(SANDBOX_SCENARIO_ALIASES)];

/** The scenario a header value names (case-insensitive, aliases resolved), or null for none we know. */
export function sandboxScenarioNamed(raw: string): SandboxScenario | null {
  const name = raw.trim().toLowerCase();
  if ((SANDBOX_SCENARIOS as readonly string[]).includes(name)) return name as SandboxScenario;
  return SANDBOX_SCENARIO_ALIASES[name] ?? null;
}
