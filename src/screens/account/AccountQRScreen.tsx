import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { encode } from 'uqr';
import { useHeldAccount } from './useAuthScreen';

/** One SVG path of every dark module, each a 1 × 1 square on the code's own grid (its quiet zone included). */
function darkModulesPath(modules: boolean[][]): string {
  return modules.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
}

/**
 * `/accountQR`: the customer's loyalty identifier as a QR code for the till's scanner, and in large letters for
 * staff to type when there is no scanner. Medium error correction survives a scratched phone screen.
 */
export function AccountQRScreen() {
  const account = useHeldAccount();
  if (!account) return null;
  const code = encode(account.loyaltyId, { ecc: 'M', border: 4 });
  return (
    <Stack gap="md" py="md" maw={28 * 16}>
      <Title order={1}>Your loyalty QR code</Title>
      <Text>Show this code when you pay at the restaurant, so that your order earns its points.</Text>
      <svg
        role="img"
        aria-label={`QR code of your loyalty number ${account.loyaltyId}`}
        viewBox={`0 0 ${code.size} ${code.size}`}
        width="100%"
        style={{ maxWidth: '18rem', background: '#fff' }}
        shapeRendering="crispEdges"
      >
        <path d={darkModulesPath(code.data)} fill="#000" />
      </svg>
      <Text>Your loyalty number</Text>
      <Text component="p" fz="2rem" fw={700} ff="monospace" lts="0.1em" m={0}>
        {account.loyaltyId}
      </Text>
      <Anchor component={Link} to="/account">
        Back to your account
      </Anchor>
    </Stack>
  );
}
