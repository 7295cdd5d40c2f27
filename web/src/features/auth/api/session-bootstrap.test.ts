import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_BOOTSTRAP_ID, resetBootstrappedSessionForTests, takeBootstrappedSession } from './session-bootstrap.ts';

const user = { id: 'u1', name: 'Ada <b>', email: 'ada@example.com', image: null, createdAt: '2026-11-25T06:00:00.000Z' };

function pageWith(element: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = element;
  return doc;
}

describe('takeBootstrappedSession', () => {
  afterEach(() => resetBootstrappedSessionForTests());

  it('reads the signed-in user the server put in the page, once', () => {
    const doc = pageWith(`<script type="application/json" id="${SESSION_BOOTSTRAP_ID}">${JSON.stringify({ user }).replace(/</g, '\\u003c')}</script>`);
    expect(takeBootstrappedSession(doc)).toEqual({ user });
    // A later session query (after a sign-out, say) asks the server instead.
    expect(takeBootstrappedSession(doc)).toBeUndefined();
  });

  it('reads "nobody signed in" as null', () => {
    expect(takeBootstrappedSession(pageWith(`<script type="application/json" id="${SESSION_BOOTSTRAP_ID}">null</script>`))).toBeNull();
  });

  it('knows nothing from a page without it, with something else under its id, or with unreadable JSON', () => {
    for (const element of [
      '',
      `<div id="${SESSION_BOOTSTRAP_ID}">{"user":{"id":"u1","name":"x","email":"e"}}</div>`,
      `<script type="application/json" id="${SESSION_BOOTSTRAP_ID}">{not json</script>`,
      `<script type="application/json" id="${SESSION_BOOTSTRAP_ID}">{"user":{"id":1}}</script>`,
    ]) {
      resetBootstrappedSessionForTests();
      expect(takeBootstrappedSession(pageWith(element))).toBeUndefined();
    }
  });
});
