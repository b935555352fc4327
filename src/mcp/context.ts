import type { Logger } from 'pino';
import type { ServedFrom } from './answer-cache.js';
import type { CatalogService } from '../catalog/service.js';
import type { SubmitContext, SubmitResult } from '../inquiries/types.js';
import type { Principal } from '../model/principal.js';
import type { SandboxScenario } from '../model/sandbox-scenarios.js';
import type { StudioService } from '../studio/service.js';

/** The inquiry service as the MCP layer uses it: the same `submit` REST calls. */
export interface InquirySubmitter {
  submit(input: unknown, ctx: SubmitContext): Promise<SubmitResult>;
}

/** Long-lived services the tools call; the MCP layer owns no business rules of its own. */
export interface McpDeps {
  catalog: CatalogService;
  studio: Pick<StudioService, 'current' | 'entry'>;
  inquiries: InquirySubmitter;
  /** PUBLIC_URL without a trailing slash */
  baseUrl: string;
  logger: Logger;
}

/** Per-request facts: who is calling (null = anonymous, no bearer presented). */
export interface McpCall {
  principal: Principal | null;
  /** told which catalog entry a read tool answered from, when the answer cache watches the call (answer-cache.ts) */
  served?: ServedFrom | undefined;
  /** the protocol versions an `initialize` may settle on (the handshake era); the SDK's own list when absent */
  versions?: readonly string[] | undefined;
  /**
   * The failure a sandbox `submit_inquiry` rehearses (the request's `Sandbox-Scenario` header);
   * the HTTP route has already answered the ones that are HTTP answers (429, 401).
   */
  scenario?: SandboxScenario | null | undefined;
}
