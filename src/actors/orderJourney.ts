import { createActor, fromCallback, type ActorRefFrom } from 'xstate';
import { basketStatusOf, needsFix, isRebuilding, type BasketSnapshot } from '../../machines/basket/basketMachine';
import type { AcceptanceSnapshot } from '../../machines/acceptance/acceptanceMachine';
import type { PaymentSnapshot } from '../../machines/payment/paymentMachine';
import { paymentStageOf } from '../../machines/payment/paymentStage';
import type { AcceptanceFacts, BasketFacts, JourneySettings, PaymentFacts } from '../../machines/orderJourney/journeyFacts';
import {
  orderJourneyMachine,
  type AcceptanceCommand,
  type BasketCommand,
  type NavigateParams,
  type PaymentCommand,
} from '../../machines/orderJourney/orderJourneyMachine';
import type { JourneyStepId } from '../../machines/basket/journeySteps';
import { poundsToPence } from '../domain/money';
import { orderMinimumSettingsFrom } from '../domain/orderMinimums';
import { orderSizeLimitsFrom } from '../domain/orderSizeLimits';
import { BasketStatus, OrderType } from '../domain/orderEnums';
import { createOrderTypeMemory, type OrderTypeMemory } from '../platform/orderTypeMemory';
import { savedPayment } from '../platform/paymentResume';
import type { AcceptanceActor } from './acceptance';
import type { BasketActor } from './basket';
import type { LazyActor } from './lazyActor';
import type { PaymentActor } from './payment';
import type { RestaurantData } from '../shell/routerContext';

export type OrderJourneyActor = ActorRefFrom<typeof orderJourneyMachine>;

function basketFactsOf(snapshot: BasketSnapshot): BasketFacts {
  const { context } = snapshot;
  return {
    status: basketStatusOf(snapshot),
    orderType: context.orderType,
    paymentType: context.paymentType,
    hasLines: context.lines.length > 0 || context.pendingLines.length > 0,
    needsFix: needsFix(snapshot),
    busy: snapshot.hasTag('busy'),
    rebuilding: isRebuilding(snapshot),
    failed: context.error !== undefined,
    ...(context.totals === undefined ? {} : { totalCostPence: poundsToPence(context.totals.totalCost) }),
  };
}

/** Whether this basket's PayPal order was linked before a reload or a closed tab, and may be authorised again. */
function linkedBefore(basket: BasketSnapshot): boolean {
  return basket.context.basketId !== undefined && savedPayment().basketId === basket.context.basketId;
}

function paymentFactsOf(snapshot: PaymentSnapshot, basket: BasketSnapshot): PaymentFacts {
  return { at: paymentStageOf(snapshot), resumable: snapshot.matches('idle') && linkedBefore(basket) };
}

function acceptanceFactsOf(snapshot: AcceptanceSnapshot): AcceptanceFacts {
  const orderRef = snapshot.context.order?.orderRef;
  if (orderRef === undefined) return { at: 'none' };
  if (snapshot.matches('accepted')) return { at: 'accepted', orderRef };
  if (snapshot.matches('refused') || snapshot.matches('cancelled')) return { at: 'ended', orderRef };
  if (snapshot.matches('cancelFailed')) return { at: 'cancelError', orderRef };
  if (snapshot.context.request === undefined && snapshot.hasTag('busy')) return { at: 'reading', orderRef };
  return { at: 'waiting', orderRef };
}

/** Calls `report` with the actor's facts now and whenever they change (an actor notifies at every event, changed or not). */
function reportChanges<TSnapshot, TFacts>(
  actor: { getSnapshot(): TSnapshot; subscribe(next: (snapshot: TSnapshot) => void): { unsubscribe(): void } },
  factsOf: (snapshot: TSnapshot) => TFacts,
  report: (facts: TFacts) => void,
) {
  let last = '';
  const follow = (snapshot: TSnapshot) => {
    const facts = factsOf(snapshot);
    const key = JSON.stringify(facts);
    if (key === last) return;
    last = key;
    report(facts);
  };
  follow(actor.getSnapshot());
  return actor.subscribe(follow);
}

/** The restaurant's settings the journey follows, from its data, with the order type this device chose last. */
export function journeySettingsOf(restaurant: RestaurantData | undefined, memory: OrderTypeMemory = createOrderTypeMemory()): Partial<JourneySettings> {
  const remembered = memory.load();
  return {
    ...(remembered === undefined ? {} : { rememberedOrderType: remembered }),
    ...(restaurant === undefined
      ? {}
      : {
          minimums: orderMinimumSettingsFrom(restaurant.takeawaySettings),
          cash: { allowCashPayment: restaurant.takeawaySettings.allowCashPayment, limits: orderSizeLimitsFrom(restaurant) },
        }),
  };
}

export interface OrderJourneyOptions {
  basket: BasketActor;
  payment: LazyActor<PaymentActor>;
  acceptance: AcceptanceActor;
  /** The router's own navigation: where the journey router sends the customer. */
  navigate: (params: NavigateParams) => void;
  memory?: OrderTypeMemory;
}

/**
 * The app's journey router (machines/orderJourney), with its steps: the basket, payment and acceptance statecharts'
 * actors, whose facts the steps report and to which they pass the router's commands. The order type the customer
 * chooses is remembered on this device for their next order.
 */
export function createOrderJourneyActor({ basket, payment, acceptance, navigate, memory = createOrderTypeMemory() }: OrderJourneyOptions): OrderJourneyActor {
  const basketStep = fromCallback<BasketCommand, { settings: JourneySettings }>(({ sendBack, receive, input }) => {
    const giveSettings = ({ minimums }: JourneySettings) => minimums !== undefined && basket.send({ type: 'SETTINGS', minimums });
    giveSettings(input.settings);
    let done: JourneyStepId | undefined;
    const stepDone = basket.on('journey.stepDone', (event) => {
      done = event.step;
    });
    const reports = reportChanges(basket, basketFactsOf, (facts) => {
      sendBack({ type: 'BASKET_REPORTED', basket: facts });
      const chosen = facts.orderType;
      if ((chosen === OrderType.Collection || chosen === OrderType.Delivery) && memory.load() !== chosen) {
        memory.save(chosen);
        sendBack({ type: 'SETTINGS_CHANGED', settings: { rememberedOrderType: chosen } });
      }
    });
    // A step done is reported with the basket as it stands once it is (the event comes before the new snapshot).
    const next = basket.subscribe((snapshot) => {
      if (done === undefined) return;
      const step = done;
      done = undefined;
      sendBack({ type: 'NEXT', step, basket: basketFactsOf(snapshot) });
    });
    receive((command) => {
      if (command.type === 'SETTINGS') giveSettings(command.settings);
      else basket.send(command);
    });
    return () => {
      stepDone.unsubscribe();
      reports.unsubscribe();
      next.unsubscribe();
    };
  });
  const paymentStep = fromCallback<PaymentCommand>(({ sendBack, receive }) => {
    // Until a payment page first needs the payment statechart (src/actors/lazyActor.ts) there is no payment to report.
    let made: PaymentActor | undefined;
    // Before it is made, a payment linked before a closed tab is still this basket's to finish: the guards send
    // /payment to /paymentProcessing rather than let a second payment start.
    let reports: { unsubscribe(): void } | undefined = reportChanges(
      basket,
      (snapshot): PaymentFacts => ({ at: 'idle', resumable: linkedBefore(snapshot) }),
      (facts) => sendBack({ type: 'PAYMENT_REPORTED', payment: facts }),
    );
    let stopped = false;
    payment.whenMade((actor) => {
      if (stopped) return;
      made = actor;
      reports?.unsubscribe();
      reports = reportChanges(
        actor,
        (snapshot) => paymentFactsOf(snapshot, basket.getSnapshot()),
        (facts) => sendBack({ type: 'PAYMENT_REPORTED', payment: facts }),
      );
    });
    // A reload starts the payment statechart afresh: the order linked before is authorised again (the server is
    // idempotent); with none, the statechart says the order was not loaded. Never for an order already placed.
    const resume = (actor: PaymentActor) => {
      if (!actor.getSnapshot().matches('idle') || basketStatusOf(basket.getSnapshot()) >= BasketStatus.Confirmed) return;
      const { basketId, payPalOrderId } = savedPayment();
      actor.send({ type: 'RESUME', basketId, payPalOrderId });
    };
    receive(() => {
      if (made === undefined) void payment.get().then(resume);
      else resume(made);
    });
    return () => {
      stopped = true;
      reports?.unsubscribe();
    };
  });
  const acceptanceStep = fromCallback<AcceptanceCommand>(({ sendBack, receive }) => {
    const reports = reportChanges(acceptance, acceptanceFactsOf, (facts) => sendBack({ type: 'ACCEPTANCE_REPORTED', acceptance: facts }));
    receive((command) => acceptance.send(command));
    return () => reports.unsubscribe();
  });
  const machine = orderJourneyMachine.provide({
    actors: { basketStep, paymentStep, acceptanceStep },
    actions: { navigate: (_, params) => navigate(params) },
  });
  return createActor(machine, { input: { settings: { ...journeySettingsOf(undefined, memory) } } }).start();
}
