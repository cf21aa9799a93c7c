import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, NativeSelect, Radio, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useEffect, useMemo, type FormEvent } from 'react';
import { callApi } from '../../api/client';
import { useApiRequest } from '../../actors/useApiRequest';
import { useAnnounceRefusals } from '../../components/a11y/useAnnounceRefusals';
import { StepErrorAlert } from '../../components/order/StepErrorAlert';
import { groupSlotsByDay, slotDayLabel, slotTimeLabel } from '../../domain/timeSlotLabels';
import { PageLoading } from '../../components/PageLoading';
import type { OfferedTimes } from '../../../machines/basket/basketMachine';
import type { components } from '../../api/schema.gen';
import { useBasketActor } from './useBasket';
import { OrderType } from '../../domain/orderEnums';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

type TimeSlots = components['schemas']['TimeSlots'];

function opensAgain(opensAt: Date, serverNow: Date): string {
  const day = slotDayLabel(opensAt, serverNow);
  const when = day === 'Today' || day === 'Tomorrow' ? day.toLowerCase() : `on ${day}`;
  return `We open again ${when} at ${slotTimeLabel(opensAt)}`;
}

const ASAP = 'asap';
const LATER = 'later';

/** `/orderTime`: as soon as possible, or one of the server's slots (opening hours, lead times, never in the past). */
export function OrderTimeScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const basket = useBasketActor();
  const orderType = useSelector(basket, (snapshot) => (snapshot.context.orderType === OrderType.Delivery ? OrderType.Delivery : OrderType.Collection));
  const fieldErrors = useSelector(basket, (snapshot) => snapshot.context.fieldErrors);
  const timeQuestion = orderType === OrderType.Delivery ? 'When would you like your delivery?' : 'When would you like to collect?';
  const formRef = useAnnounceRefusals(fieldErrors, { requestedTime: timeQuestion });
  const basketError = useSelector(basket, (snapshot) => snapshot.context.error);
  const { state, data, error, send } = useApiRequest<1 | 2, TimeSlots>((type, signal) =>
    callApi(api.GET('/orderbuilder/timeSlots/{orderType}', { params: { path: { orderType: type } }, signal }), signal),
  );
  useEffect(() => send(orderType), [send, orderType]);

  // Days are named by the server's clock, not the device's (groupSlotsByDay says why).
  const groups = useMemo(() => (data === null ? [] : groupSlotsByDay(data)), [data]);
  const offered: OfferedTimes = useMemo(
    () => ({ asapAvailable: data?.asapAvailable ?? false, slots: groups.flatMap((group) => group.slots.map((slot) => slot.value)) }),
    [data, groups],
  );
  // The step opens with a time already chosen and shown (docs/order-journey.md), which the statechart picks from the
  // times offered: Continue is the only tap it needs.
  useEffect(() => {
    if (data !== null) basket.send({ type: 'OFFER_TIMES', offered });
  }, [basket, data, offered]);
  const shown = useSelector(basket, (snapshot) => snapshot.context.drafts.time);

  if (state === 'error') {
    return (
      <Stack gap="md" py="md">
        <Title order={1}>Select your order time</Title>
        <Alert color="lacquerRed" title="The times could not be loaded" role="alert">
          {error?.message ?? 'Please try again in a moment.'}
        </Alert>
        <Button onClick={() => send(orderType)} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  }
  if (state !== 'responseReceived' || data === null) return <PageLoading />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (shown !== undefined) basket.send({ type: 'SUBMIT_TIME', ...shown });
  }

  const noTimes = !data.asapAvailable && groups.length === 0;
  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>Select your order time</Title>
      {!data.asapAvailable && data.opensAt && (
        <Text>{`We are closed just now. ${opensAgain(new Date(data.opensAt), new Date(data.serverTime))}; you can order now for a time after that.`}</Text>
      )}
      <StepErrorAlert error={basketError} title="Your order could not be saved" />
      {noTimes ? (
        <Alert color="imperialGold" title="No times are available" role="alert">
          We cannot take an online order for {orderType === OrderType.Delivery ? 'delivery' : 'collection'} at the moment. Please phone the restaurant.
        </Alert>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Radio.Group
              label={timeQuestion}
              value={shown === undefined ? '' : shown.asap ? ASAP : LATER}
              onChange={(value) => basket.send(value === ASAP ? { type: 'PICK_TIME', asap: true } : { type: 'PICK_TIME', asap: false })}
              error={fieldErrors.requestedTime}
            >
              <Stack gap="xs" mt="xs">
                {data.asapAvailable && <Radio value={ASAP} label="As soon as possible" />}
                {groups.length > 0 && <Radio value={LATER} label="At a later time" />}
              </Stack>
            </Radio.Group>
            {shown?.asap === false && (
              <NativeSelect
                label="Time"
                value={shown.requestedTime}
                onChange={(event) => basket.send({ type: 'PICK_TIME', asap: false, requestedTime: event.currentTarget.value })}
                data={groups.map((group) => ({
                  group: group.day,
                  items: group.slots.map((slot) => ({ value: slot.value, label: `${group.day} ${slot.time}` })),
                }))}
              />
            )}
            <Button type="submit" size="md">
              Continue
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
