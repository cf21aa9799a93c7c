import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useState, type FormEvent } from 'react';
import { lineTitle, type BasketLine } from '../../../machines/basket/basketLines';
import { basketRefusal, minimumMessages, minimumsItemTotal } from '../../../machines/basket/basketMinimums';
import { useAnnounceRefusals } from '../../components/a11y/useAnnounceRefusals';
import { useAnnounceTotal } from '../../components/a11y/useAnnounceTotal';
import { basketDiscounts, CostBreakdown } from '../../components/order/CostBreakdown';
import { formatPounds } from '../../domain/money';
import { QuantityControls } from '../../components/order/QuantityControls';
import { deliveryChargeShown } from '../../../machines/basket/basketMachine';
import { RemovedItemsNotice } from './RemovedItemsNotice';
import { useBasketActor } from './useBasket';
import { YourVouchers } from './YourVouchers';
import { OrderType } from '../../domain/orderEnums';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

function BasketLineRow({ line, index }: { line: BasketLine; index: number }) {
  const basket = useBasketActor();
  const title = lineTitle(line);
  const [request, setRequest] = useState(line.specialRequest ?? '');
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {`${formatPounds(line.itemCost)} each`}
            </Text>
          </div>
          <Text fw={700}>{formatPounds(line.lineCost)}</Text>
        </Group>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <QuantityControls
            title={title}
            quantity={line.quantity}
            onIncrease={() => basket.send({ type: 'INCREASE_LINE', index })}
            onDecrease={() => basket.send({ type: 'CANCEL_LINE', index })}
          />
          <TextInput
            label="Special request"
            aria-label={`Special request for ${title}`}
            size="sm"
            maxLength={200}
            style={{ flex: '1 1 14rem' }}
            value={request}
            onChange={(event) => setRequest(event.currentTarget.value)}
            // Sent once typing is done, so the whole order is not saved at every keystroke.
            onBlur={() => {
              if (request !== (line.specialRequest ?? '')) basket.send({ type: 'SET_SPECIAL_REQUEST', index, text: request });
            }}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

const ORDER_TYPE_LABELS = { orderType: 'Collection or delivery?' };
const NOT_CONTINUED = {};

function ClearOrder() {
  const basket = useBasketActor();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="subtle" color="gray" onClick={() => setAsking(true)} w="fit-content">
        Clear order
      </Button>
    );
  }
  return (
    <Alert color="gray" title="Clear your whole order?" role="alertdialog" aria-label="Clear your whole order?">
      <Stack gap="xs">
        <Text size="sm">Every item in your basket will be removed.</Text>
        <Group gap="xs">
          <Button color="lacquerRed" size="sm" onClick={() => basket.send({ type: 'CLEAR' })}>
            Yes, clear my order
          </Button>
          <Button variant="default" size="sm" onClick={() => setAsking(false)}>
            Keep my order
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** `/basket`: the lines, the server's costs with each discount, SPEC §5's summary messages, and collection or delivery. */
export function BasketScreen() {
  const basket = useBasketActor();
  const lines = useSelector(basket, (snapshot) => snapshot.context.lines);
  const creating = useSelector(basket, (snapshot) => snapshot.context.pendingLines.length > 0);
  const orderType = useSelector(basket, (snapshot) => snapshot.context.orderType);
  const totals = useSelector(basket, (snapshot) => snapshot.context.totals);
  const voucherItems = useSelector(basket, (snapshot) => snapshot.context.voucherItems);
  const delivery = useSelector(basket, (snapshot) => snapshot.context.delivery);
  const basketError = useSelector(basket, (snapshot) => snapshot.context.error);
  // Once Continue has been refused the reason stays in view, following the basket as it changes. The reason as it was
  // pressed is said: a new object at each press, so that the same reason twice is said twice.
  const [refusalAtContinue, setRefusalAtContinue] = useState<{ orderType?: string }>();
  const formRef = useAnnounceRefusals(refusalAtContinue ?? NOT_CONTINUED, ORDER_TYPE_LABELS);
  const hasLines = lines.length > 0;
  // An emptied basket says so on the page instead.
  useAnnounceTotal(hasLines ? totals?.totalCost : undefined);

  // The restaurant's minimums, as the journey router gave them to the basket statechart.
  const minimums = useSelector(basket, (snapshot) => snapshot.context.minimums);

  if (!minimums) return null;
  const minimumsBasket = { orderType, lines, totals, delivery };
  const messages = minimumMessages(minimumsBasket, minimums);
  // The statechart refuses Continue for the same reason (CONFIRM_BASKET).
  const refusalNow = basketRefusal(minimumsBasket, minimums);
  const refusal = refusalAtContinue ? refusalNow : undefined;

  function chooseOrderType(value: string) {
    const chosen = value === String(OrderType.Delivery) ? OrderType.Delivery : OrderType.Collection;
    basket.send({ type: 'CHOOSE_ORDER_TYPE', orderType: chosen });
  }

  function continueToNextStep(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusalAtContinue({ orderType: refusalNow });
    basket.send({ type: 'CONFIRM_BASKET' });
  }

  if (!hasLines) {
    return (
      <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
        <Title order={1}>Your basket</Title>
        <RemovedItemsNotice />
        <Text>{creating ? 'Saving your basket…' : 'Your basket is empty.'}</Text>
        <Anchor component={Link} to="/order" w="fit-content">
          Browse the menu
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>Your basket</Title>
      <RemovedItemsNotice />
      {basketError && (
        <Alert color="lacquerRed" title="Your basket could not be updated" role="alert">
          {basketError.message ?? 'Please try again in a moment.'}
        </Alert>
      )}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items in your basket">
        {lines.map((line, index) => (
          <BasketLineRow key={`${line.categoryId}-${line.itemId}-${line.configId ?? ''}`} line={line} index={index} />
        ))}
      </Stack>
      {totals ? (
        <CostBreakdown
          totals={totals}
          discounts={basketDiscounts(totals, voucherItems)}
          isDelivery={orderType === OrderType.Delivery}
          delivery={deliveryChargeShown({ orderType, delivery, totals })}
        />
      ) : (
        // Until the server has priced the basket, its lines are the only figure there is.
        <Group justify="space-between">
          <Text fw={700}>Items total</Text>
          <Text fw={700}>{formatPounds(minimumsItemTotal(minimumsBasket))}</Text>
        </Group>
      )}
      <YourVouchers />
      <form ref={formRef} onSubmit={continueToNextStep} noValidate>
        <Stack gap="md">
          <Radio.Group
            label={ORDER_TYPE_LABELS.orderType}
            value={orderType === OrderType.NotSet ? null : String(orderType)}
            onChange={chooseOrderType}
            error={refusal}
          >
            <Stack gap="xs" mt="xs">
              <Radio value={String(OrderType.Collection)} label="Collection" description={messages.collection} disabled={!minimums.allowCollection} />
              <Radio value={String(OrderType.Delivery)} label="Delivery" description={messages.delivery} disabled={!minimums.allowOrdering} />
            </Stack>
          </Radio.Group>
          <Button type="submit" size="md">
            Continue
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/order" w="fit-content">
        Add more items
      </Anchor>
      <ClearOrder />
    </Stack>
  );
}
