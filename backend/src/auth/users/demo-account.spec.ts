import { describe, expect, it } from '@jest/globals';
import { demoOfferedTo } from './demo-account.js';

const THIS_MACHINE = ['127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1'];
const ANOTHER_MACHINE = ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1', '2001:db8::1'];
const NO_ADDRESS = [undefined, '', 'localhost', 'not-an-address'];

describe('who is offered the demo administrator', () => {
  it.each(THIS_MACHINE)('offers it to %s, on the machine the server runs on, by default', (address) => {
    expect(demoOfferedTo('loopback', address)).toBe(true);
  });

  it.each([...ANOTHER_MACHINE, ...NO_ADDRESS])('does not offer it to %j by default', (address) => {
    expect(demoOfferedTo('loopback', address)).toBe(false);
  });

  it.each([...THIS_MACHINE, ...ANOTHER_MACHINE])('offers it to %s with DEMO_MODE=true', (address) => {
    expect(demoOfferedTo('anywhere', address)).toBe(true);
  });

  it.each([...THIS_MACHINE, ...ANOTHER_MACHINE])(
    'offers it to nobody, %s included, while demo mode is off',
    (address) => {
      expect(demoOfferedTo('off', address)).toBe(false);
    },
  );
});
