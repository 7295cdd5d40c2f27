import { describe, expect, it } from 'vitest';
import { parseEip681, parseSolanaPay, readEip681Number, readQuery } from './payment-uri.ts';

// The example vectors of the two standards, verbatim: EIP-681 §Semantics, Solana Pay spec §Examples.
const EIP681_ETHER = 'ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359?value=2.014e18';
const EIP681_UNICORN = 'ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1';
const SOLANA_PAY_1_SOL =
  'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=1&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId12345';
const SOLANA_PAY_USDC = 'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=0.01&spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOLANA_PAY_NO_AMOUNT = 'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN&label=Michael';
const MVINES = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';

describe('EIP-681: the example vectors', () => {
  it('reads the ether request: 2.014 ETH as value=2.014e18 wei', () => {
    expect(parseEip681(EIP681_ETHER)).toEqual({
      ok: true,
      pay: false,
      target: '0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359',
      parameters: [{ key: 'value', value: '2.014e18' }],
    });
    expect(readEip681Number('2.014e18')).toEqual({ ok: true, units: 2_014_000_000_000_000_000n });
  });

  it('reads the ERC-20 request: transfer of 1 Unicorn to the address parameter', () => {
    expect(parseEip681(EIP681_UNICORN)).toEqual({
      ok: true,
      pay: false,
      target: '0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7',
      functionName: 'transfer',
      parameters: [
        { key: 'address', value: '0x8e23ee67d1332ad560396262c48ffbb01f93d052' },
        { key: 'uint256', value: '1' },
      ],
    });
  });

  it('reads pay-, the chain id, and URL-encoded values', () => {
    expect(parseEip681('ethereum:pay-0x8e23ee67d1332ad560396262c48ffbb01f93d052@80002?value=1e18&gas=21000&string=a%26b')).toEqual({
      ok: true,
      pay: true,
      target: '0x8e23ee67d1332ad560396262c48ffbb01f93d052',
      chainId: 80002,
      parameters: [
        { key: 'value', value: '1e18' },
        { key: 'gas', value: '21000' },
        { key: 'string', value: 'a&b' },
      ],
    });
  });

  it('reads an ENS target as written, and the polygon: scheme only when asked to', () => {
    expect(parseEip681('ethereum:alice.eth?value=1')).toMatchObject({ ok: true, target: 'alice.eth' });
    expect(parseEip681('polygon:0x8e23ee67d1332ad560396262c48ffbb01f93d052')).toEqual({ ok: false, reason: 'malformed' });
    expect(parseEip681('polygon:0x8e23ee67d1332ad560396262c48ffbb01f93d052', ['ethereum', 'polygon'])).toMatchObject({ ok: true });
  });

  it.each([
    ['no scheme', '0x8e23ee67d1332ad560396262c48ffbb01f93d052'],
    ['another scheme', 'bitcoin:0x8e23ee67d1332ad560396262c48ffbb01f93d052'],
    ['a chain id that is no number', 'ethereum:0x8e23ee67d1332ad560396262c48ffbb01f93d052@main'],
    ['a parameter without a value', 'ethereum:0x8e23ee67d1332ad560396262c48ffbb01f93d052?value'],
    ['a bad percent escape', 'ethereum:0x8e23ee67d1332ad560396262c48ffbb01f93d052?value=%E0%A4%A'],
  ])('refuses %s as malformed', (_case, text) => {
    expect(parseEip681(text)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a parameter given twice', () => {
    expect(parseEip681('ethereum:0x8e23ee67d1332ad560396262c48ffbb01f93d052?value=1&value=2')).toEqual({ ok: false, reason: 'duplicate', key: 'value' });
  });
});

describe('readEip681Number', () => {
  it.each([
    ['0', 0n],
    ['21000', 21_000n],
    ['+5', 5n],
    ['-0', 0n],
    ['1e18', 10n ** 18n],
    ['2.014e18', 2_014n * 10n ** 15n],
    ['2.5E6', 2_500_000n],
    ['.5e1', 5n],
    ['1.50e1', 15n],
    ['7e', 7n],
  ])('reads %s exactly', (text, units) => {
    expect(readEip681Number(text)).toEqual({ ok: true, units });
  });

  it('refuses a negative number, a fraction of the atomic unit, and anything else', () => {
    expect(readEip681Number('-1')).toEqual({ ok: false, reason: 'negative' });
    expect(readEip681Number('1.5')).toEqual({ ok: false, reason: 'fraction', excessDigits: 1 });
    expect(readEip681Number('1.2345e2')).toEqual({ ok: false, reason: 'fraction', excessDigits: 2 });
    for (const text of ['', '.', 'e5', '1e-5', '0x10', '1,000', '1 000', '1.', 'NaN']) {
      expect(readEip681Number(text), text).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('Solana Pay: the example vectors', () => {
  it('reads the transfer request for 1 SOL with label, message and memo', () => {
    expect(parseSolanaPay(SOLANA_PAY_1_SOL)).toEqual({
      ok: true,
      recipient: MVINES,
      amount: '1',
      references: [],
      label: 'Michael',
      message: 'Thanks for all the fish',
      memo: 'OrderId12345',
    });
  });

  it('reads the transfer request for 0.01 USDC', () => {
    expect(parseSolanaPay(SOLANA_PAY_USDC)).toEqual({
      ok: true,
      recipient: MVINES,
      amount: '0.01',
      splToken: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      references: [],
    });
  });

  it('reads the request without an amount, whose example writes & where ? belongs', () => {
    expect(parseSolanaPay(SOLANA_PAY_NO_AMOUNT)).toEqual({ ok: true, recipient: MVINES, references: [], label: 'Michael' });
    expect(parseSolanaPay(`solana:${MVINES}?label=Michael`)).toEqual(parseSolanaPay(SOLANA_PAY_NO_AMOUNT));
  });

  it('keeps every reference in order: the spec allows several', () => {
    const first = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny';
    const second = 'DNFQbXwjTjcmVePrCZMnjHvbmdXR2RgMgDdYMbMC6YGC';
    expect(parseSolanaPay(`solana:${MVINES}?reference=${first}&amount=2&reference=${second}`)).toEqual({
      ok: true,
      recipient: MVINES,
      amount: '2',
      references: [first, second],
    });
  });

  it('reads + as a space in the texts, like URLSearchParams', () => {
    expect(parseSolanaPay(`solana:${MVINES}?message=Rent+for+May%20%E2%82%B9`)).toMatchObject({ message: 'Rent for May ₹' });
  });

  it('tells a transaction request (the spec\'s other kind) from a transfer request', () => {
    expect(parseSolanaPay('solana:https://example.com/solana-pay')).toEqual({ ok: false, reason: 'transaction-request' });
    expect(parseSolanaPay('solana:https%3A%2F%2Fexample.com%2Fsolana-pay%3Forder%3D12345')).toEqual({ ok: false, reason: 'transaction-request' });
  });

  it.each([
    ['scientific notation', `solana:${MVINES}?amount=1e3`],
    ['no digit before the point', `solana:${MVINES}?amount=.5`],
    ['a trailing point', `solana:${MVINES}?amount=1.`],
    ['a recipient that is no base58 key', 'solana:0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl?amount=1'],
    ['a mint that is no base58 key', `solana:${MVINES}?spl-token=nope`],
    ['another scheme', `ethereum:${MVINES}`],
  ])('refuses %s as malformed', (_case, text) => {
    expect(parseSolanaPay(text)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a negative amount, a reference that is no 32-byte key, and a single field given twice', () => {
    expect(parseSolanaPay(`solana:${MVINES}?amount=-1`)).toEqual({ ok: false, reason: 'negative' });
    expect(parseSolanaPay(`solana:${MVINES}?reference=abc`)).toEqual({ ok: false, reason: 'reference' });
    for (const key of ['amount', 'spl-token', 'label', 'message', 'memo']) {
      const value = key === 'spl-token' ? MVINES : '1';
      expect(parseSolanaPay(`solana:${MVINES}?${key}=${value}&${key}=${value}`), key).toEqual({ ok: false, reason: 'duplicate', key });
    }
  });
});

describe('readQuery', () => {
  it('decodes keys and values, and an empty query has no parameters', () => {
    expect(readQuery('')).toEqual({ ok: true, parameters: [] });
    expect(readQuery('a%20b=c%3Dd&e=')).toEqual({ ok: true, parameters: [{ key: 'a b', value: 'c=d' }, { key: 'e', value: '' }] });
    expect(readQuery('a=1+2')).toEqual({ ok: true, parameters: [{ key: 'a', value: '1+2' }] });
    expect(readQuery('a=1+2', true)).toEqual({ ok: true, parameters: [{ key: 'a', value: '1 2' }] });
  });
});
