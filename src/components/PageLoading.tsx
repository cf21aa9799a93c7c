import { Center, Loader } from '@mantine/core';

/** The fallback while a lazy screen or its data loads (SPEC §2). */
export function PageLoading() {
  return (
    <Center mih="40vh" role="status" aria-label="Loading">
      <Loader color="lacquerRed" />
    </Center>
  );
}
