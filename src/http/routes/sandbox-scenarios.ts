import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { SANDBOX_SCENARIOS, sandboxScenarioNamed, type SandboxScenario } from '../../model/sandbox-scenarios.js';
import { IdempotencyInFlightError } from '../../idempotency/errors.js';
import { ERROR_CODES } from '../../lib/errors.js';
import { invalidInput } from '../../lib/zod-errors.js';
import { inquiryInputSchema } from '../../inquiries/schemas.js';
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
  /** the real 429 of the `writes` policy */
  rateLimited(c: Context<AppEnv>): Response;
  /** the real 401 for a stale bearer */
  invalidToken(c: Context<AppEnv>): Response;
}

/** The real validation of a real bad inquiry (a malformed email, a short message): same words, same shape. */
const REHEARSED_VALIDATION = invalidInput('The inquiry', inquiryInputSchema.safeParse({ name: 'Ada', email: 'ada@', message: 'Hi' }).error!);

function answer(c: Context<AppEnv>, scenario: SandboxScenario, responders: ScenarioResponders): Response {
  switch (scenario) {
    case 'rate_limited':
      return responders.rateLimited(c);
    case 'invalid_token':
      return responders.invalidToken(c);
    case 'internal_error':
      return internalErrorResponse(c);
    case 'idempotency_conflict':
      return domainErrorResponse(c, new IdempotencyInFlightError());
    case 'validation_failed':
      return domainErrorResponse(c, REHEARSED_VALIDATION);
  }
}

export function createSandboxScenarios(responders: ScenarioResponders) {
  return (c: Context<AppEnv>): Response | null => {
    const raw = c.req.header('sandbox-scenario');
    if (raw === undefined) return null;
    const scenario = sandboxScenarioNamed(raw);
    if (scenario === null) {
      return problem(c, {
        status: 400,
        code: ERROR_CODES.unknownSandboxScenario,
        title: 'Unknown sandbox scenario',
        detail: `Sandbox-Scenario must be one of: ${SANDBOX_SCENARIOS.join(', ')}.`,
        errors: [{ path: 'header.Sandbox-Scenario', message: `Use one of: ${SANDBOX_SCENARIOS.join(', ')}.` }],
        extra: { valid_scenarios: [...SANDBOX_SCENARIOS] },
      });
    }
    const response = answer(c, scenario, responders);
    response.headers.set(SANDBOX_SCENARIO_HEADER, scenario);
    return response;
  };
}
