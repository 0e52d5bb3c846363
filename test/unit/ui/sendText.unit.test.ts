// What a swap asks to be sent, as the popup writes it (src/ui/swapText.ts sendText): every digit of the
// background's record kept, in the person's number marks; ANY_INPUT and unconfirmed units in words.
import { describe, expect, it } from 'vitest';
import type { QuoteParams } from '../../../src/api/swapApi';
import { sendText } from '../../../src/ui/swapText';

const request = (swapType: QuoteParams['swapType']) => ({ swapType }) as QuoteParams;

describe('sendText', () => {
  it('keeps every digit and groups thousands', () => {
    expect(sendText({ amountToSend: '1234.000000000000000001 wNEAR', request: request('EXACT_INPUT') })).toBe(
      '1,234.000000000000000001 wNEAR',
    );
    expect(sendText({ amountToSend: '25 USDC', request: request('EXACT_OUTPUT') })).toBe('25 USDC');
  });

  it('words ANY_INPUT and a token’s smallest units from the catalogue', () => {
    expect(sendText({ amountToSend: 'any amount of any supported token', request: request('ANY_INPUT') })).toBe(
      'any amount of any supported token',
    );
    expect(sendText({ amountToSend: '7 units of nep141:odd.near', request: request('EXACT_INPUT') })).toBe(
      '7 units of nep141:odd.near',
    );
  });

  it('leaves a record it cannot read as it came', () => {
    expect(sendText({ amountToSend: 'something else', request: request('EXACT_INPUT') })).toBe('something else');
  });
});
