import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { SANDBOX_SCENARIOS, type SandboxScenario } from '../../model/sandbox-scenarios.js';
import { IdempotencyInFlightError } from '../../idempotency/errors.js';
import { ValidationError, ERROR_CODES } from '../../lib/errors.js';
import { domainErrorResponse, internalErrorResponse } from '../responses/errors.js';
import { problem } from '../responses/problem.js';

/**
 * Answers a `Sandbox-Scenario` with exactly the status, headers and problem body the real path
 * gives in that situation. Honoured on sandbox writes only.
 */

export interface ScenarioResponders {
  /** the real 429 of the `writes` policy */
  rateLimited(c: Context<AppEnv>): Response;
  /** the real 401 for a stale bearer */
  invalidToken(c: Context<AppEnv>): Response;
}

export function createSandboxScenarios(responders: ScenarioResponders) {
  return (c: Context<AppEnv>): Response | null => {
    const raw = c.req.header('sandbox-scenario');
    if (raw === undefined) return null;
    const scenario = raw.trim().toLowerCase() as SandboxScenario;
    switch (scenario) {
      case 'rate_limited':
        return responders.rateLimited(c);
      case 'invalid_token':
        return responders.invalidToken(c);
      case 'server_error':
        return internalErrorResponse(c);
      case 'conflict':
        return domainErrorResponse(c, new IdempotencyInFlightError());
      case 'validation_error':
        return domainErrorResponse(
          c,
          new ValidationError('The inquiry is invalid: email must be an email address; message must be at least 10 characters.', [
            { path: 'email', message: 'must be an email address' },
            { path: 'message', message: 'must be at least 10 characters' },
          ]),
        );
      default:
        return problem(c, {
          status: 400,
          code: ERROR_CODES.unknownSandboxScenario,
          title: 'Unknown sandbox scenario',
          detail: `Sandbox-Scenario must be one of: ${SANDBOX_SCENARIOS.join(', ')}.`,
          errors: [{ path: 'header.Sandbox-Scenario', message: `must be one of ${SANDBOX_SCENARIOS.join(', ')}` }],
          extra: { valid_scenarios: [...SANDBOX_SCENARIOS] },
        });
    }
  };
}
