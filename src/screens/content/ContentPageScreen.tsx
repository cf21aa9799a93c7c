import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useApiRequest } from '../../actors/useApiRequest';
import { ContentRows } from '../../components/content/ContentRows';
import { PageLoading } from '../../components/PageLoading';
import type { Page } from '../../shell/pageDataCache';
import { SplashScreen } from '../../components/SplashScreen';

const LOAD_FAILURE_HEADING = 'This page could not be loaded';

/**
 * A page the restaurant writes (the gallery, privacy, cookies, terms, about us, and any it adds), from
 * `GET /pagedata/page/{page}` unless already held. A page that does not exist is the splash. `heading` is what a
 * known route is called while its page data is missing; the page's own title wins once it is here.
 */
export function ContentPageScreen({ pageName, heading }: { pageName: string; heading?: string }) {
  const pages = useRouteContext({ from: rootRouteId, select: (context) => context.pages });
  // The cache's request is shared with the route's loader and other visitors, so it is not aborted when this screen goes.
  const { state, data, error, send } = useApiRequest<string, Page>((name) => pages.request(name));
  const held = pages.held(pageName);
  useEffect(() => {
    if (!pages.held(pageName)) send(pageName);
  }, [pages, send, pageName]);

  const page = held ?? (state === 'responseReceived' ? data : null);
  if (page) {
    return (
      <Stack gap="lg" py="md">
        <Title order={1}>{page.title || heading}</Title>
        <ContentRows page={page} />
      </Stack>
    );
  }
  if (state === 'error' && error?.status === 404) return <SplashScreen />;
  if (state === 'error') {
    return (
      <Stack gap="md" py="md">
        <Title order={1}>{heading ?? LOAD_FAILURE_HEADING}</Title>
        <Alert color="lacquerRed" title={heading ? LOAD_FAILURE_HEADING : undefined} role="alert">
          {error?.message ?? 'Please try again in a moment.'}
        </Alert>
        <Button onClick={() => send(pageName)} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  }
  return <PageLoading />;
}
