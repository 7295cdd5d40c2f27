import { describe, expect, it } from 'vitest';
import { buildTransactionsCsv, csvField, csvFileName } from './csv.ts';
import { makeTransaction } from '../../lib/testing/make-transaction.ts';

describe('csvField', () => {
  it('leaves plain text alone and quotes text with commas, quotes or line breaks', () => {
    expect(csvField('0xabc')).toBe('0xabc');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('buildTransactionsCsv', () => {
  it('writes a header and one CRLF-terminated line per transaction, in the given order', () => {
    const sent = makeTransaction({ hash: '0x01', amount: '1.5', status: 'confirmed', confirmations: 12, blockNumber: 42 });
    const received = makeTransaction({
      hash: '0x02',
      type: 'receive',
      network: 'solana_devnet',
      symbol: 'SOL',
      amount: '0.25',
      status: 'pending',
      confirmations: 0,
      blockNumber: null,
      fee: '0.0000315',
      feeUnits: '31500',
      effectiveGasPrice: '1500000000',
      gasPriceGwei: '1.50',
      timestamp: '2026-11-19T08:30:00.000Z',
    });
    const lines = buildTransactionsCsv([sent, received]).split('\r\n');
    expect(lines).toEqual([
      'Date,Type,Network,Amount,Currency,From,To,Status,Confirmations,Block,Fee,Fee Rate,Fee Rate Unit,Hash',
      `2026-11-20T10:00:00.000Z,Sent,Ethereum Sepolia,1.5,ETH,${sent.fromAddress},${sent.toAddress},Confirmed,12,42,0.000945,45,Gwei,0x01`,
      `2026-11-19T08:30:00.000Z,Received,Solana Devnet,0.25,SOL,${received.fromAddress},${received.toAddress},Pending,0,,0.0000315,31500,lamports per signature,0x02`,
      '',
    ]);
  });

  it('is just the header for no transactions', () => {
    expect(buildTransactionsCsv([])).toBe('Date,Type,Network,Amount,Currency,From,To,Status,Confirmations,Block,Fee,Fee Rate,Fee Rate Unit,Hash\r\n');
  });

  it("carries the API's exact fee and the exact gas price, never a rounded one", () => {
    const transaction = makeTransaction({
      network: 'polygon_mumbai',
      symbol: 'MATIC',
      fee: '0.000830655',
      feeUnits: '830655000000000',
      effectiveGasPrice: '39555000000',
      gasPriceGwei: '39.55',
    });
    const fields = buildTransactionsCsv([transaction]).split('\r\n')[1]!.split(',');
    expect(fields[10]).toBe(transaction.fee);
    expect(fields.slice(11, 13)).toEqual(['39.555', 'Gwei']);
  });

  it('names the file after the day', () => {
    expect(csvFileName('2026-11-21')).toBe('fincrypt-transactions-2026-11-21.csv');
  });
});
