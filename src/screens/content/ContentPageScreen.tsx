import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { callApi } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { useApiRequest } from '../../api/useApiRequest';
import { PageLoading } from '../../components/PageLoading';
import { SplashScreen } from '../splash/SplashScreen';
import { ContentRows } from './ContentRows';

type Page = components['schemas']['Page'];

/** A page of the restaurant's own text (privacy, cookies, terms, about us) from `GET /pagedata/page/{page}`. */
export function ContentPageScreen({ pageName, heading }: { pageName: string; heading: string }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const pageRequest = useApiRequest<string, Page>((page, signal) =>
    callApi(api.GET('/pagedata/page/{page}', { params: { path: { page } }, signal }), signal),
  );
  const { state, data: page, error, send } = pageRequest;
  useEffect(() => send(pageName), [send, pageName]);

  if (state === 'error' && error?.status === 404) return <SplashScreen />;
  if (state === 'error') {
    return (
      <Stack gap="md" py="md">
        <Title order={1}>{heading}</Title>
        <Alert color="lacquerRed" title="This page could not be loaded" role="alert">
          {error?.message ?? 'Please try again in a moment.'}
        </Alert>
        <Button onClick={() => send(pageName)} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  }
  if (state !== 'responseReceived' || page === null) return <PageLoading />;
  return (
    <Stack gap="md" py="md">
      <Title order={1}>{page.title || heading}</Title>
      <ContentRows page={page} />
    </Stack>
  );
}
