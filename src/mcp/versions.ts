import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/** Versions before 2025-06-18 lack outputSchema/structuredContent, which every tool here uses. */
const OLDEST_SERVED = '2025-06-18';

/**
 * The handshake-era versions this endpoint serves (the SDK's list from 2025-06-18 on). An
 * `initialize` asking for an older one gets the newest of these as the counter-offer (MCP
 * 2025-11-25 lifecycle §"Version Negotiation"); 2026-07-28 is served by the SDK's modern handler.
 */
export const LEGACY_VERSIONS_SERVED: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v >= OLDEST_SERVED);
