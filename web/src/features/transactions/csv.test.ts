import { FALLBACK_PRICES } from '@fincrypt/domain';
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
      asset: 'SOL',
      symbol: 'SOL',
      feeSymbol: 'SOL',
      amount: '0.25',
      status: 'pending',
      confirmations: 0,
      blockNumber: null,
      fee: '0.000005075',
      feeUnits: '5075',
      gasUsed: '1000',
      effectiveGasPrice: '75000',
      gasPriceGwei: '0.00',
      timestamp: '2026-11-19T08:30:00.000Z',
    });
    // A received row shows no fee of its own (0): the sender's fee is in the column that says so.
    const lines = buildTransactionsCsv([sent, received]).split('\r\n');
    expect(lines).toEqual([
      'Date,Type,Network,Asset,Amount,Currency,From,To,Status,Confirmations,Block,Fee,Network Fee (Paid by Sender),Fee Currency,Fee Rate,Fee Rate Unit,Token Address,Hash,Sender Value Then,Sender Currency,Recipient Value Then,Recipient Currency,USD Value Then,Value Now,Value Now Currency',
      `2026-11-20T10:00:00.000Z,Sent,Ethereum Sepolia,ETH,1.5,ETH,${sent.fromAddress},${sent.toAddress},Confirmed,12,42,0.000945,0.000945,ETH,45,Gwei,,0x01,,,,,,,`,
      `2026-11-19T08:30:00.000Z,Received,Solana Devnet,SOL,0.25,SOL,${received.fromAddress},${received.toAddress},Pending,0,,0,0.000005075,SOL,75000,micro-lamports per compute unit,,0x02,,,,,,,`,
      '',
    ]);
  });

  it('is just the header for no transactions', () => {
    expect(buildTransactionsCsv([])).toBe('Date,Type,Network,Asset,Amount,Currency,From,To,Status,Confirmations,Block,Fee,Network Fee (Paid by Sender),Fee Currency,Fee Rate,Fee Rate Unit,Token Address,Hash,Sender Value Then,Sender Currency,Recipient Value Then,Recipient Currency,USD Value Then,Value Now,Value Now Currency\r\n');
  });

  it("carries the API's exact fee and the exact gas price, never a rounded one", () => {
    const transaction = makeTransaction({
      network: 'polygon_amoy',
      asset: 'MATIC',
      symbol: 'MATIC',
      feeSymbol: 'MATIC',
      fee: '0.000830655',
      feeUnits: '830655000000000',
      effectiveGasPrice: '39555000000',
      gasPriceGwei: '39.55',
    });
    const fields = buildTransactionsCsv([transaction]).split('\r\n')[1]!.split(',');
    expect(fields.slice(11, 13)).toEqual([transaction.fee, transaction.fee]);
    expect(fields.slice(13, 16)).toEqual(['MATIC', '39.555', 'Gwei']);
  });

  it('puts a token transfer in its asset with its fee in the coin, and a faucet mint as test funds', () => {
    const usdc = makeTransaction({
      hash: '0x03',
      asset: 'USDC',
      symbol: 'USDC',
      feeSymbol: 'ETH',
      tokenAddress: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
      amount: '25',
      amountUnits: '25000000',
      gasUsed: '65000',
      fee: '0.002925',
      feeUnits: '2925000000000000',
    });
    const mint = makeTransaction({ hash: '0x04', type: 'mint', asset: 'USDC', symbol: 'USDC', feeSymbol: 'ETH', amount: '500', fee: '0', feeUnits: '0' });
    const [header, usdcLine, mintLine] = buildTransactionsCsv([usdc, mint]).split('\r\n');
    const column = (line: string | undefined, name: string) => line?.split(',')[header!.split(',').indexOf(name)];
    expect([column(usdcLine, 'Asset'), column(usdcLine, 'Amount'), column(usdcLine, 'Currency')]).toEqual(['USDC', '25', 'USDC']);
    expect([column(usdcLine, 'Fee'), column(usdcLine, 'Fee Currency')]).toEqual(['0.002925', 'ETH']);
    expect(column(usdcLine, 'Token Address')).toBe('0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238');
    expect([column(mintLine, 'Type'), column(mintLine, 'Amount'), column(mintLine, 'Asset'), column(mintLine, 'Fee')]).toEqual(['Test funds', '500', 'USDC', '0']);
  });

  it('adds the values kept at send (plain decimals, currency codes) and the value now at the export\'s prices; empty when not kept or not priced', () => {
    const send = makeTransaction({
      amount: '0.05',
      amountUnits: '50000000000000000',
      valueAtSend: { senderCurrency: 'inr', senderMinor: '1000000', recipientCurrency: 'jpy', recipientMinor: '16250', usdCents: '12000', source: 'live' },
    });
    const older = makeTransaction({ hash: '0x05', amount: '1.5', amountUnits: '1500000000000000000', valueAtSend: null });
    const [header, sendLine, olderLine] = buildTransactionsCsv([send, older], { prices: FALLBACK_PRICES, currency: 'eur' }).split('\r\n');
    const names = header!.split(',');
    const values = (line: string | undefined) => line!.split(',').slice(names.indexOf('Sender Value Then'));
    // 0.05 ETH at €2,046 = €102.30
    expect(values(sendLine)).toEqual(['10000.00', 'INR', '16250', 'JPY', '120.00', '102.30', 'EUR']);
    expect(values(olderLine)).toEqual(['', '', '', '', '', '3069.00', 'EUR']);
    expect(buildTransactionsCsv([send]).split('\r\n')[1]!.split(',').slice(-2)).toEqual(['', '']);
  });

  it('names the file after the day', () => {
    expect(csvFileName('2026-11-21')).toBe('fincrypt-transactions-2026-11-21.csv');
  });
});
