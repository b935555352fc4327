import type { FC } from 'hono/jsx';
import { Flash } from '../flash.js';
import { isBeingSent, type OutboxRecord, type OutboxState } from '../../store/ports/index.js';
import { AdminLayout, CsrfField, Pager, type AdminFrame } from './admin-layout.js';
import { humanTimeOrDash } from '../../lib/human-time.js';

export interface DeliveriesView extends AdminFrame {
  deliveries: OutboxRecord[];
  state: OutboxState | undefined;
  /** what is configured, to explain an empty list */
  channels: { mail: boolean; webhooks: number };
  notice?: string | undefined;
  /** the next (older) page's cursor */
  nextCursor: string | null;
  /** set when the page follows a cursor */
  continued: boolean;
  /** the clock's now: a row whose lease is still running is being sent, and offers no "Send again" */
  now: number;
}

const STATES: Record<OutboxState, string> = { pending: 'Pending', delivered: 'Delivered', dead: 'Gave up' };

/** The deliveries page of one state (all when none), from `cursor` on. */
function deliveriesHref(state: OutboxState | undefined, cursor?: string): string {
  const query = new URLSearchParams({ ...(state ? { state } : {}), ...(cursor ? { cursor } : {}) }).toString();
  return `/admin/deliveries${query ? `?${query}` : ''}`;
}

/** Who sent the inquiry a notification tells of, from its payload (undefined for other events). */
function senderName(payload: string): string | undefined {
  try {
    const name = (JSON.parse(payload) as { data?: { name?: unknown } }).data?.name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

const About: FC<{ delivery: OutboxRecord }> = ({ delivery }) => {
  if (!delivery.resource) return <>{delivery.event}</>;
  const name = senderName(delivery.payload);
  return (
    <a href={`/admin/inquiries/${delivery.resource}`} dir="auto">
      {name ? `Inquiry from ${name}` : delivery.resource}
    </a>
  );
};

export const DeliveriesPage: FC<DeliveriesView> = (view) => {
  const { deliveries, state, channels, notice, csrfToken, nextCursor, continued, now } = view;
  const sending = (d: OutboxRecord) => isBeingSent(d, now);
  const at = (ms: number | null) => humanTimeOrDash(ms, view.site.studio.profile.time_zone);
  return (
    <AdminLayout {...view} current="deliveries" title="Deliveries">
      <h1>Deliveries</h1>
      <p class="lead">
        Every notification of a new inquiry: {channels.mail ? 'an email to each owner' : 'email is off (set SMTP_URL)'}, and{' '}
        {channels.webhooks > 0 ? `${channels.webhooks} webhook endpoint${channels.webhooks > 1 ? 's' : ''}` : 'no webhooks (set WEBHOOK_URLS)'}. Failed deliveries are retried for about a day.
      </p>
      <Flash notice={notice} />
      <nav class="status-tabs" aria-label="By state">
        <ul>
          <li>
            <a href="/admin/deliveries" aria-current={state === undefined ? 'page' : undefined}>
              All
            </a>
          </li>
          {(['pending', 'delivered', 'dead'] as const).map((s) => (
            <li>
              <a href={deliveriesHref(s)} aria-current={state === s ? 'page' : undefined}>
                {STATES[s]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {state === 'dead' && deliveries.length > 0 ? (
        <form method="post" action="/admin/deliveries/retry-dead" class="inline-form">
          <CsrfField token={csrfToken} />
          <p>
            Fixed what made them fail (the SMTP login, a webhook receiver)?{' '}
            <button type="submit" class="button secondary">
              Send every given-up delivery again
            </button>
          </p>
        </form>
      ) : null}
      {deliveries.length === 0 ? (
        <p class="empty">No deliveries{state ? ` in this state` : ' yet'}.</p>
      ) : (
        <table class="inbox">
          <caption class="visually-hidden">{`Notification deliveries, newest first${continued ? ' (continued)' : ''}`}</caption>
          <thead>
            <tr>
              <th scope="col">To</th>
              <th scope="col">About</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr>
                <td>
                  {d.channel === 'email' ? 'Email to ' : 'Webhook to '}
                  {d.target}
                  <span class="sub">{d.id}</span>
                </td>
                <td>
                  <About delivery={d} />
                </td>
                <td>
                  {d.attempts} <span class="sub">last {at(d.last_attempt_at)}</span>
                </td>
                <td>{d.last_error ?? '—'}</td>
                <td>
                  {STATES[d.state]}
                  {d.state === 'delivered' ? <span class="sub">{at(d.delivered_at)}</span> : null}
                  {sending(d) ? <span class="sub">Being sent now</span> : null}
                  {d.state !== 'delivered' && !sending(d) ? (
                    <form method="post" action={`/admin/deliveries/${d.id}/retry`} class="inline-form">
                      <CsrfField token={csrfToken} />
                      <button type="submit" class="button secondary small">
                        Send again <span class="visually-hidden">{d.id}</span>
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager what="deliveries" newest={continued ? deliveriesHref(state) : undefined} older={nextCursor ? deliveriesHref(state, nextCursor) : undefined} />
    </AdminLayout>
  );
};
