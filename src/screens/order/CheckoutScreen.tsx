import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Anchor, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useState } from 'react';
import { MAX_NOTES_LENGTH } from '../../../machines/basket/basketForms';
import { deliveryChargeShown, hasChangesToAcknowledge } from '../../../machines/basket/basketMachine';
import { lineTitle } from '../../../machines/basket/basketLines';
import { cashOfferOf, cashTooLargeMessageOf } from '../../../machines/orderJourney/journeyFacts';
import { useAnnounceTotal } from '../../components/a11y/useAnnounceTotal';
import { basketDiscounts, CostBreakdown } from '../../components/order/CostBreakdown';
import { formatPounds } from '../../domain/money';
import { cashPaymentLabel } from '../../domain/paymentLabels';
import { StepErrorAlert } from '../../components/order/StepErrorAlert';
import { slotLabel } from '../../domain/timeSlotLabels';
import { useJourneyActor } from '../../actors/useJourneyActor';
import { useBasketActor } from './useBasket';
import { ACKNOWLEDGE_HINT, RemovedItemsNotice } from './RemovedItemsNotice';
import { YourVouchers } from './YourVouchers';
import { OrderType, PaymentType } from '../../domain/orderEnums';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/** The checkout's choices; PayPal's own buttons on /payment take the funding source, so both online choices are paymentType 2. */
type PaymentChoice = 'paypal' | 'card' | 'cash';
const PAYMENT_TYPE_OF_CHOICE: Record<PaymentChoice, 1 | 2> = {
  paypal: PaymentType.InternetOrder,
  card: PaymentType.InternetOrder,
  cash: PaymentType.CashOrder,
};

/** `/checkout`: the order as the server priced it, notes, the payment choice and "Place order". */
export function CheckoutScreen() {
  const basket = useBasketActor();
  const journey = useJourneyActor();
  const context = useSelector(basket, (snapshot) => snapshot.context);
  // The journey router offers the ways to pay as it opens the checkout (cash where the restaurant takes it for this order).
  const cashOffer = useSelector(journey, (snapshot) => cashOfferOf(snapshot.context.settings, snapshot.context.basket));
  const cashTooLarge = useSelector(journey, (snapshot) => cashTooLargeMessageOf(snapshot.context.settings, snapshot.context.basket));
  const cashOffered = cashOffer === 'offered';
  const confirming = useSelector(basket, (snapshot) => snapshot.matches({ journey: 'confirming' }));
  const [notes, setNotes] = useState(context.notes);
  const paysOnline = context.paymentType === PaymentType.InternetOrder;
  const choice: PaymentChoice = paysOnline ? (context.onlineFunding ?? 'paypal') : 'cash';
  const changesToAcknowledge = useSelector(basket, hasChangesToAcknowledge);
  const isDelivery = context.orderType === OrderType.Delivery;
  // A voucher applied or removed here changes it.
  useAnnounceTotal(context.totals?.totalCost);

  function choosePayment(value: string) {
    const chosen = value as PaymentChoice;
    basket.send({ type: 'CHOOSE_PAYMENT', paymentType: PAYMENT_TYPE_OF_CHOICE[chosen], ...(chosen === 'cash' ? {} : { onlineFunding: chosen }) });
  }

  function saveNotes() {
    if (notes !== context.notes) basket.send({ type: 'SET_NOTES', notes });
  }

  // Pressed while the notes (or another change) are being saved, the order is confirmed once they are.
  function placeOrder() {
    saveNotes();
    basket.send({ type: 'CONFIRM_ORDER' });
  }

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>Order checkout</Title>
      <RemovedItemsNotice />
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Your order
          </Title>
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items in your order">
            {context.lines.map((line) => (
              <Group component="li" key={`${line.categoryId}-${line.itemId}-${line.configId ?? ''}`} justify="space-between" wrap="nowrap">
                <Text>
                  {`${line.quantity} × ${lineTitle(line)}`}
                  {line.specialRequest && <Text span size="sm" c="dimmed">{` (${line.specialRequest})`}</Text>}
                </Text>
                <Text>{formatPounds(line.lineCost)}</Text>
              </Group>
            ))}
          </Stack>
          {context.totals && (
            <CostBreakdown
              totals={context.totals}
              discounts={basketDiscounts(context.totals, context.voucherItems)}
              isDelivery={isDelivery}
              delivery={deliveryChargeShown(context)}
            />
          )}
        </Stack>
      </Paper>
      <YourVouchers />
      <Paper withBorder p="sm">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {isDelivery ? 'Delivery' : 'Collection'}
          </Title>
          {isDelivery && context.delivery && (
            <Text>{[context.delivery.address1, context.delivery.address2, context.delivery.town, context.delivery.postcode].filter(Boolean).join(', ')}</Text>
          )}
          {context.time && <Text>{context.time.asap ? 'As soon as possible' : slotLabel(context.time.requestedTime, new Date())}</Text>}
          {context.contact && <Text>{`${context.contact.name}, ${context.contact.phone}, ${context.contact.email}`}</Text>}
          <Group gap="md">
            <Anchor component={Link} to="/basket" size="sm">
              Change your basket
            </Anchor>
            {isDelivery && (
              <Anchor component={Link} to="/delivery" size="sm">
                Change the address
              </Anchor>
            )}
            <Anchor component={Link} to="/contact" size="sm">
              Change your details
            </Anchor>
            <Anchor component={Link} to="/orderTime" size="sm">
              Change the time
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Textarea
        label="Notes for the restaurant (optional)"
        description="For example, a door code or where to leave the order"
        maxLength={MAX_NOTES_LENGTH}
        autosize
        minRows={2}
        value={notes}
        error={context.fieldErrors.notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        onBlur={saveNotes}
      />
      <Radio.Group label="How would you like to pay?" value={choice} onChange={choosePayment}>
        <Stack gap="xs" mt="xs">
          <Radio value="paypal" label="PayPal" />
          <Radio value="card" label="Debit or credit card" />
          {cashOffered && <Radio value="cash" label={cashPaymentLabel(context.orderType)} />}
        </Stack>
      </Radio.Group>
      {cashTooLarge && <Text size="sm">{cashTooLarge}</Text>}
      <StepErrorAlert error={context.error} title="Your order could not be placed" />
      {changesToAcknowledge && <Text id="acknowledge-changes">{ACKNOWLEDGE_HINT}</Text>}
      <Button
        size="md"
        onClick={placeOrder}
        loading={context.confirmQueued || confirming}
        disabled={changesToAcknowledge}
        {...(changesToAcknowledge ? { 'aria-describedby': 'acknowledge-changes' } : {})}
      >
        {paysOnline ? 'Continue to payment' : 'Place order'}
      </Button>
    </Stack>
  );
}
