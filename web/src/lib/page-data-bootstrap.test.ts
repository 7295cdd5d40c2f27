import { afterEach, expect, it } from 'vitest';
import { PAGE_DATA_ID, PAGE_DATA_MAX_AGE_MS, resetEmbeddedAnswersForTests, takeEmbeddedAnswer } from './page-data-bootstrap.ts';

function pageWith(json: string, type = 'application/json'): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const element = doc.createElement('script');
  element.id = PAGE_DATA_ID;
  element.setAttribute('type', type);
  element.textContent = json;
  doc.head.append(element);
  return doc;
}

afterEach(() => resetEmbeddedAnswersForTests());

it('gives each embedded answer once, by its exact path', () => {
  const doc = pageWith('{"/api/wallets":{"wallets":[]},"/api/transactions?limit=5":{"transactions":[1]}}');
  expect(takeEmbeddedAnswer('/api/transactions?limit=25', doc, 0)).toBeUndefined();
  expect(takeEmbeddedAnswer('/api/wallets', doc, 0)).toEqual({ body: { wallets: [] } });
  expect(takeEmbeddedAnswer('/api/wallets', doc, 0)).toBeUndefined();
  expect(takeEmbeddedAnswer('/api/transactions?limit=5', doc, 0)).toEqual({ body: { transactions: [1] } });
});

it('gives nothing once the page is older than the answers may stand for, even later for a path not yet taken', () => {
  const doc = pageWith('{"/api/prices":{"prices":{}},"/api/account":{"id":"a"}}');
  expect(takeEmbeddedAnswer('/api/prices', doc, PAGE_DATA_MAX_AGE_MS + 1)).toBeUndefined();
  expect(takeEmbeddedAnswer('/api/account', doc, 0)).toBeUndefined();
});

it('gives nothing for a page without answers, with another type of element, or with broken JSON', () => {
  for (const doc of [document.implementation.createHTMLDocument('none'), pageWith('{"/a":1}', 'text/javascript'), pageWith('{"/a":'), pageWith('[1]')]) {
    resetEmbeddedAnswersForTests();
    expect(takeEmbeddedAnswer('/a', doc, 0)).toBeUndefined();
  }
});
