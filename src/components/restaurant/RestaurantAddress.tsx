import { Text } from '@mantine/core';
import { Fragment } from 'react';
import type { components } from '../../api/schema.gen';
import { RestaurantPhoneLink } from '../order/RestaurantPhoneLink';
import { addressLines } from './addressLines';

type Address = components['schemas']['Address'];

/** The restaurant's address one part per line and its phone as a link, as the home and restaurant pages show them. */
export function RestaurantAddress({ address, phone }: { address: Address; phone: string }) {
  return (
    <>
      <Text component="address" fs="normal">
        {addressLines(address).map((line, index) => (
          <Fragment key={`${index}:${line}`}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
      <Text>
        Phone: <RestaurantPhoneLink phone={phone} />
      </Text>
    </>
  );
}
