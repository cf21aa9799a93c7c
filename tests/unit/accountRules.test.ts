import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_COUNTY_LENGTH,
  MAX_PROFILE_NAME_LENGTH,
  MAX_TOWN_LENGTH,
  accountMessages,
  addressFailures,
  profileFailures,
  tidyAddress,
  type AccountAddress,
} from '../../src/domain/accountRules';

type Schema = { properties: Record<string, { maxLength?: number; minLength?: number }> };
const schemas = (parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as { components: { schemas: Record<string, Schema> } }).components.schemas;

const ADDRESS: AccountAddress = { address1: '12 Otley Road', address2: 'Headingley', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS6 2AB' };

describe('the account form limits', () => {
  it('are the contract’s own', () => {
    expect(schemas.Address.properties.address1.maxLength).toBe(MAX_ADDRESS_LINE_LENGTH);
    expect(schemas.Address.properties.address2.maxLength).toBe(MAX_ADDRESS_LINE_LENGTH);
    expect(schemas.Address.properties.town.maxLength).toBe(MAX_TOWN_LENGTH);
    expect(schemas.Address.properties.county.maxLength).toBe(MAX_COUNTY_LENGTH);
    expect(schemas.ProfileUpdate.properties.name.maxLength).toBe(MAX_PROFILE_NAME_LENGTH);
    expect(schemas.NewAccount.properties.name.maxLength).toBe(MAX_PROFILE_NAME_LENGTH);
  });
});

describe('the profile rules', () => {
  it('need a name and a UK phone number for an update', () => {
    expect(profileFailures({ name: '  ', phone: '12345' }, { required: true })).toEqual({ name: accountMessages.nameEmpty, phone: accountMessages.phoneFormat });
    expect(profileFailures({ name: 'Mei Lin', phone: '07700 900123' }, { required: true })).toEqual({});
  });

  it('let a new account leave both out, but check what is given', () => {
    expect(profileFailures({ name: '', phone: '' }, { required: false })).toEqual({});
    expect(profileFailures({ name: 'x'.repeat(MAX_PROFILE_NAME_LENGTH + 1), phone: '0800 123' }, { required: false })).toEqual({
      name: accountMessages.nameTooLong,
      phone: accountMessages.phoneFormat,
    });
  });
});

describe('the address rules', () => {
  it('accept a full address, and an address without its optional lines', () => {
    expect(addressFailures(ADDRESS)).toEqual({});
    expect(addressFailures({ ...ADDRESS, address2: '', county: '' })).toEqual({});
  });

  it('name every field in trouble', () => {
    expect(addressFailures({ address1: ' ', address2: 'x'.repeat(101), town: '', county: 'y'.repeat(61), postCode: 'LS6' })).toEqual({
      address1: accountMessages.address1Empty,
      address2: accountMessages.addressLineTooLong,
      town: accountMessages.townEmpty,
      county: accountMessages.countyTooLong,
      postCode: accountMessages.postCodeFormat,
    });
  });

  it('send the address trimmed with the postcode written as the Royal Mail writes it', () => {
    expect(tidyAddress({ ...ADDRESS, address1: ' 12 Otley Road ', postCode: ' ls62ab ' })).toEqual({ ...ADDRESS, postCode: 'LS6 2AB' });
  });
});
