import type { FC } from 'hono/jsx';
import { PROBLEMS_PATH, type ProblemType } from '../lib/problem-types.js';
import { Layout, type Site } from './layout.js';

/** `code` spans of the registry's text (between backticks) as <code>; the rest as text (escaped by JSX). */
const Text: FC<{ text: string }> = ({ text }) => <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code>{part}</code> : part))}</>;

const Entry: FC<{ type: ProblemType; heading: 'h1' | 'h2' }> = ({ type, heading }) => {
  const statuses = type.status.join(', ');
  return (
    <>
      {heading === 'h1' ? <h1>{type.title}</h1> : <h2 id={type.slug}><a href={`${PROBLEMS_PATH}/${type.slug}`}>{type.title}</a></h2>}
      <p>
        HTTP {statuses} · <code>"error": "{type.code}"</code>
      </p>
      <p><Text text={type.meaning} /></p>
      <p><strong>What to do:</strong> <Text text={type.remedy} /></p>
    </>
  );
};

/**
 * RFC 9457 §3.1.1: a problem's `type` URI, opened by a person, documents the problem. One page
 * per type at /problems/{type}, and the index of all of them at /problems.
 */
export const ProblemTypePage: FC<{ site: Site; type: ProblemType }> = ({ site, type }) => (
  <Layout site={site} title={`${type.title} (problem type) — ${site.name}`} description={type.meaning.replace(/`/g, '')} canonicalPath={`${PROBLEMS_PATH}/${type.slug}`}>
    <div class="wrap problem-types prose">
      <p class="eyebrow">API problem type</p>
      <Entry type={type} heading="h1" />
      <p>
        Every error answer of the API is an RFC 9457 problem document (<code>application/problem+json</code>) whose <code>type</code> is a page like this one.{' '}
        <a href={PROBLEMS_PATH}>All problem types</a> · <a href="/docs">API reference</a> · <a href="/auth.md">Authentication</a>
      </p>
    </div>
  </Layout>
);

export const ProblemTypesPage: FC<{ site: Site; types: readonly ProblemType[] }> = ({ site, types }) => (
  <Layout site={site} title={`API problem types — ${site.name}`} description="What each error answer of the API means, and what to do about it." canonicalPath={PROBLEMS_PATH}>
    <div class="wrap problem-types prose">
      <p class="eyebrow">API reference</p>
      <h1>Problem types</h1>
      <p class="lead">
        Every error answer of the API is an RFC 9457 problem document: <code>type</code> links here, <code>error</code> is the stable code to branch on, and <code>detail</code> says what
        happened to this request. The OAuth endpoints answer RFC 6749 errors instead (<code>invalid_client</code>, <code>invalid_grant</code>, …), as /auth.md describes.
      </p>
      {types.map((type) => (
        <Entry type={type} heading="h2" />
      ))}
    </div>
  </Layout>
);
