import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/List.css';
import { Alert, Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useState } from 'react';
import { fixIssueReturnOf, needsFix } from '../../../machines/basket/basketMachine';
import { orderFailureText } from '../../components/order/orderFailureText';
import { RemovedItemsNotice } from './RemovedItemsNotice';
import { useJourneyActor } from '../../actors/useJourneyActor';
import { useBasketActor } from './useBasket';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/**
 * `/fix-issue` (SPEC §2, §8): a failed order update or confirmation. The server's message or the fields it refused,
 * "Try again" (RETRY: the same update or confirmation again), and the step to go back to. A retry that succeeds
 * returns the customer to that step by itself.
 */
export function FixIssueScreen() {
  const basket = useBasketActor();
  const journey = useJourneyActor();
  const failed = useSelector(basket, needsFix);
  const busy = useSelector(basket, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(basket, (snapshot) => snapshot.context.error);
  const back = useSelector(basket, fixIssueReturnOf, (a, b) => a.path === b.path);
  const [retried, setRetried] = useState(false);

  function tryAgain() {
    setRetried(true);
    journey.send({ type: 'RETRY' });
  }

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>Fix your order issue</Title>
      <RemovedItemsNotice />
      {failed || (retried && busy) ? (
        <>
          <Alert color="lacquerRed" title="We could not update your order" role="alert">
            {error?.message && <Text size="sm">{error.message}</Text>}
            {error && error.validationErrors.length > 0 && (
              <List size="sm" aria-label="What needs fixing">
                {error.validationErrors.map((failure) => (
                  <List.Item key={`${failure.field}:${failure.message}`}>{orderFailureText(failure)}</List.Item>
                ))}
              </List>
            )}
            {!error?.message && !error?.validationErrors.length && <Text size="sm">Please try again in a moment.</Text>}
          </Alert>
          <Text>What you entered is kept. Try again, or go back and change it.</Text>
          <Button size="md" onClick={tryAgain} loading={busy} w="fit-content">
            Try again
          </Button>
        </>
      ) : (
        <Text>There is nothing to fix in your order.</Text>
      )}
      <Anchor component={Link} to={back.path} w="fit-content">
        {`Back to ${back.name}`}
      </Anchor>
    </Stack>
  );
}
