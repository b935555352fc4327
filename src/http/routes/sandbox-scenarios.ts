import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { SANDBOX_SCENARIOS, sandboxScenarioNamed, type SandboxScenario } from '../../model/sandbox-scenarios.js';
import { ERROR_CODES } from '../../lib/errors.js';
import { rehearsedFailure } from '../../inquiries/rehearsed-failures.js';
import { domainErrorResponse, internalErrorResponse } from '../responses/errors.js';
import { problem } from '../responses/problem.js';

/** The response header that marks a rehearsed answer, so it is never mistaken for a real failure. */
export const SANDBOX_SCENARIO_HEADER = 'Sandbox-Scenario';

/**
 * Answers a `Sandbox-Scenario` with exactly the status, headers and problem body the real path
 * gives in that situation, plus a `Sandbox-Scenario` response header naming the rehearsal.
 * Honoured on sandbox writes only.
 */

export interface ScenarioResponders {
  /** the real 429 of the path's policy (`writes`, or `mcp` on /mcp) */
  rateLimited(c: Context<AppEnv>): Response;
  /** the real 401 for a stale bearer */
  invalidToken(c: Context<AppEnv>): Response;
}

function answer(c: Context<AppEnv>, scenario: SandboxScenario, responders: ScenarioResponders): Response {
  switch (scenario) {
    case 'rate_limited':
      return responders.rateLimited(c);
    case 'invalid_token':
      return responders.invalidToken(c);
    case 'internal_error':
      return internalErrorResponse(c);
    case 'idempotency_conflict':
    case 'validation_failed':
      return domainErrorResponse(c, rehearsedFailure(scenario));
  }
}

/** The 400 for a `Sandbox-Scenario` naming no scenario: nothing is rehearsed (REST and MCP alike). */
export function unknownScenarioResponse(c: Context<AppEnv>): Response {
  return problem(c, {
    status: 400,
    code: ERROR_CODES.unknownSandboxScenario,
    title: 'Unknown sandbox scenario',
    detail: `Sandbox-Scenario must be one of: ${SANDBOX_SCENARIOS.join(', ')}.`,
    errors: [{ path: 'header.Sandbox-Scenario', message: `Use one of: ${SANDBOX_SCENARIOS.join(', ')}.` }],
    extra: { valid_scenarios: [...SANDBOX_SCENARIOS] },
  });
}

/** Marks a rehearsed answer with the scenario it rehearses. */
export function markRehearsal(response: Response, scenario: SandboxScenario): Response {
  response.headers.set(SANDBOX_SCENARIO_HEADER, scenario);
  return response;
}

export function createSandboxScenarios(responders: ScenarioResponders) {
  return (c: Context<AppEnv>): Response | null => {
    const raw = c.req.header('sandbox-scenario');
    if (raw === undefined) return null;
    const scenario = sandboxScenarioNamed(raw);
    if (scenario === null) return unknownScenarioResponse(c);
    return markRehearsal(answer(c, scenario, responders), scenario);
  };
}
