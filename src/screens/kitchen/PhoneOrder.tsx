import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, Modal, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { failureAt, phoneOrderMachine, type PhoneOrderLine, type TextField } from '../../../machines/kitchen/phoneOrderMachine';
import { phoneOrderActors } from '../../actors/phoneOrder';
import { callApi } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { slotLabel } from '../../domain/timeSlotLabels';
import { searchDishes } from '../../../machines/basket/dishSearch';
import { formatGbp, poundsToPence } from '../../domain/money';
import { OrderType } from '../../domain/orderEnums';

type Menu = components['schemas']['Menu'];
type PhoneOrderActor = ActorRefFrom<typeof phoneOrderMachine>;
type FoundDish = Omit<PhoneOrderLine, 'quantity'> & { key: string; menuNumber?: string; chineseName?: string; chineseScript?: string };

const MOST_RESULTS = 8;

/**
 * "New phone order" on the kitchen dashboard (docs/phone-orders.md): the button, and the order form in a dialog. The
 * draft outlives the dialog, so closing it by mistake loses nothing.
 */
export function NewPhoneOrderButton({ onPlaced }: { onPlaced(): void }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [machine] = useState(() => phoneOrderMachine.provide({ actors: phoneOrderActors(api) }));
  const order = useActorRef(machine);
  const [opened, setOpened] = useState(false);
  const menu = usePhoneOrderMenu(opened);
  const placedRef = useSelector(order, (snapshot) => snapshot.context.placed?.orderRef);

  useEffect(() => {
    if (placedRef !== undefined) onPlaced();
  }, [placedRef, onPlaced]);

  // Alt+N from anywhere on the dashboard: the call can start while hands are on the keyboard.
  useEffect(() => {
    const open = (event: globalThis.KeyboardEvent) => {
      if (event.altKey && event.code === 'KeyN') {
        event.preventDefault();
        setOpened(true);
      }
    };
    window.addEventListener('keydown', open);
    return () => window.removeEventListener('keydown', open);
  }, []);

  return (
    <>
      <Button size="lg" color="dark" onClick={() => setOpened(true)} aria-keyshortcuts="Alt+N">
        New phone order
      </Button>
      {/* The dialog's header is no landmark: a <header> there would be a second banner beside the staff bar. */}
      <Modal.Root opened={opened} onClose={() => setOpened(false)} size="xl">
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header role="none">
            <Modal.Title>New phone order</Modal.Title>
            <Modal.CloseButton aria-label="Close the phone order" />
          </Modal.Header>
          <Modal.Body>
            <PhoneOrderForm order={order} menu={menu} onClose={() => setOpened(false)} />
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}

/**
 * The menu the dishes are found in, loaded with the dashboard so that a dish typed the moment the dialog opens is found,
 * and again at each opening (the owner may have published since), the one already loaded serving meanwhile.
 */
function usePhoneOrderMenu(opened: boolean): Menu | undefined {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const menuId = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.menuId });
  const [menu, setMenu] = useState<Menu>();
  useEffect(() => {
    if (menuId === undefined || (menu !== undefined && !opened)) return;
    const controller = new AbortController();
    void callApi(api.GET('/menu/getMenu/{menuId}', { params: { path: { menuId } }, signal: controller.signal }), controller.signal).then((answer) => {
      if (answer.ok) setMenu(answer.data);
    });
    return () => controller.abort();
    // Having the menu is no reason to load it again: only the dashboard's start and each opening are.
  }, [api, menuId, opened]);
  return menu;
}

/** Each dish's number on the printed menu, by its id: the number staff and callers say. */
function menuNumbersOf(menu: Menu | undefined): Map<number, string> {
  const numbers = new Map<number, string>();
  for (const item of menu?.categories.flatMap((category) => category.items) ?? []) {
    if (item.menuNumber !== undefined) numbers.set(item.itemId, item.menuNumber);
  }
  return numbers;
}

/** Every dish and option the search finds, as one result each: a dish with options is picked with its option. */
function foundDishes(menu: Menu | undefined, query: string): FoundDish[] {
  if (menu === undefined) return [];
  const found: FoundDish[] = [];
  for (const item of searchDishes(menu.categories, query)) {
    if (!item.available) continue;
    const { menuNumber, chineseName, chineseScript } = item;
    const base = { categoryId: item.categoryId, itemId: item.itemId, title: item.title, menuNumber, chineseName, chineseScript };
    const options = item.configItems.filter((option) => option.available !== false);
    if (item.configItems.length === 0) found.push({ ...base, key: `${item.itemId}`, pricePence: poundsToPence(item.itemCost) });
    for (const option of options) {
      found.push({
        ...base,
        key: `${item.itemId}/${option.configId}`,
        configId: option.configId,
        configOption: option.configItem,
        pricePence: poundsToPence(item.itemCost) + poundsToPence(option.extraCost),
      });
    }
  }
  return found.slice(0, MOST_RESULTS);
}

function PhoneOrderForm({ order, menu, onClose }: { order: PhoneOrderActor; menu: Menu | undefined; onClose(): void }) {
  const context = useSelector(order, (snapshot) => snapshot.context);
  const placing = useSelector(order, (snapshot) => snapshot.hasTag('busy'));
  const placed = useSelector(order, (snapshot) => snapshot.matches({ order: 'placed' }));
  const slotsState = useSelector(order, (snapshot) => (snapshot.value as { slots: string }).slots);
  const { draft } = context;
  const delivery = draft.orderType === OrderType.Delivery;
  // The next order starts at the name, as the dialog does when it opens, so staff type it straight away.
  const nameInput = useRef<HTMLInputElement>(null);
  const [nextOrderStarted, setNextOrderStarted] = useState(false);
  useEffect(() => {
    if (!nextOrderStarted || placed) return;
    nameInput.current?.focus();
    setNextOrderStarted(false);
  }, [nextOrderStarted, placed]);

  if (placed && context.placed !== undefined) {
    const ticket = context.placed;
    const paid = ticket.payment.method === 'cardOnCollection' ? 'by card on collection' : 'in cash';
    return (
      <Stack>
        <Alert color="green" title={`Order ${ticket.orderNumber ?? ''} placed and accepted`} role="status">
          {ticket.name}: {formatGbp(poundsToPence(ticket.totalCost))} to pay {paid}
          {ticket.orderType === OrderType.Delivery ? ', delivery' : ', collection'}
          {ticket.asapFlag ? ', as soon as possible' : `, ${slotLabel(ticket.updateTime, new Date())}`}.
        </Alert>
        <Group>
          <Button
            size="lg"
            color="dark"
            data-autofocus
            onClick={() => {
              order.send({ type: 'NEW_ORDER' });
              setNextOrderStarted(true);
            }}
          >
            Take another phone order
          </Button>
          <Button size="lg" variant="outline" color="dark" onClick={onClose}>
            Back to the orders
          </Button>
        </Group>
      </Stack>
    );
  }

  const edit = (field: TextField) => ({
    value: draft[field],
    error: failureAt(context, field === 'name' || field === 'phone' || field === 'email' || field === 'notes' ? field : `deliveryAddress.${field}`),
    onChange: (event: { currentTarget: { value: string } }) => order.send({ type: 'EDIT', field, value: event.currentTarget.value }),
  });
  const submitOnCtrlEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      order.send({ type: 'SUBMIT' });
    }
  };
  const timeFailure = failureAt(context, 'requestedTime');
  const slots = context.slots;

  return (
    <form
      noValidate
      onKeyDown={submitOnCtrlEnter}
      onSubmit={(event) => {
        event.preventDefault();
        order.send({ type: 'SUBMIT' });
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label="Collection or delivery"
          value={String(draft.orderType)}
          onChange={(value) => order.send({ type: 'SET_ORDER_TYPE', orderType: value === String(OrderType.Delivery) ? OrderType.Delivery : OrderType.Collection })}
        >
          <Group mt="xs">
            <Radio value={String(OrderType.Collection)} label="Collection" size="md" />
            <Radio value={String(OrderType.Delivery)} label="Delivery" size="md" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput ref={nameInput} label="Customer's name" autoComplete="off" data-autofocus required size="md" {...edit('name')} />
          <TextInput label="Phone" type="tel" autoComplete="off" required size="md" {...edit('phone')} />
          <TextInput label="Email (optional)" type="email" autoComplete="off" size="md" {...edit('email')} />
        </SimpleGrid>
        {delivery && <DeliveryAddressFields order={order} edit={edit} />}
        <DishPicker order={order} menu={menu} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Time"
            size="md"
            value={draft.asap ? 'asap' : (draft.requestedTime ?? 'asap')}
            error={timeFailure ?? (slotsState === 'failed' ? 'The times could not be loaded' : undefined)}
            onChange={(event) => order.send({ type: 'SET_TIME', requestedTime: event.currentTarget.value === 'asap' ? null : event.currentTarget.value })}
            data={[
              ...(slots === undefined || slots.asapAvailable ? [{ value: 'asap', label: 'As soon as possible' }] : [{ value: 'asap', label: 'Choose a time', disabled: true }]),
              // Named by the server's clock when it listed them: a tablet whose clock is wrong must not call tonight "Tomorrow".
              ...(slots === undefined ? [] : slots.slots.map((slot) => ({ value: slot, label: slotLabel(slot, new Date(slots.serverTime)) }))),
            ]}
          />
          <Radio.Group
            label="Payment"
            value={draft.paymentMethod}
            error={failureAt(context, 'paymentMethod')}
            onChange={(value) => order.send({ type: 'SET_PAYMENT', paymentMethod: value === 'cardOnCollection' ? 'cardOnCollection' : 'cash' })}
          >
            <Group mt="xs">
              <Radio value="cash" label="Cash" size="md" />
              <Radio value="cardOnCollection" label="Card on collection" size="md" disabled={delivery} />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <Textarea label="Notes (optional)" autosize minRows={1} size="md" {...edit('notes')} />
        {context.errorMessage !== undefined && (
          <Alert color="red" role="alert">
            {context.errorMessage}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Ctrl+Enter places the order from any field.
          </Text>
          <Button type="submit" size="lg" color="dark" loading={placing} aria-keyshortcuts="Control+Enter">
            Place order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeliveryAddressFields({ order, edit }: { order: PhoneOrderActor; edit(field: TextField): object }) {
  const zone = useSelector(order, (snapshot) => snapshot.context.zone);
  const postcode = useSelector(order, (snapshot) => snapshot.context.draft.postcode.trim());
  const checked = zone !== undefined && zone.postcode === postcode ? zone.details : undefined;
  const zoneText =
    checked === undefined
      ? undefined
      : checked.validPostCode
        ? `We deliver here: delivery ${formatGbp(poundsToPence(checked.deliveryCharge))}${checked.minimumOrderValue ? `, minimum order ${formatGbp(poundsToPence(checked.minimumOrderValue))}` : ''}`
        : `Sorry, we do not deliver to ${postcode}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Postcode"
        autoComplete="off"
        required
        size="md"
        {...edit('postcode')}
        description={checked?.validPostCode ? zoneText : undefined}
        {...(checked !== undefined && !checked.validPostCode ? { error: zoneText } : {})}
        onBlur={() => order.send({ type: 'CHECK_POSTCODE' })}
      />
      <TextInput label="Address line 1" autoComplete="off" required size="md" {...edit('address1')} />
      <TextInput label="Address line 2 (optional)" autoComplete="off" size="md" {...edit('address2')} />
      <TextInput label="Town" autoComplete="off" required size="md" {...edit('town')} />
    </SimpleGrid>
  );
}

/**
 * The dishes: a search by number, English or Chinese name (the customers' menu search) whose results Enter adds, the
 * highlighted one first; arrow keys move the highlight. The search empties for the next dish.
 */
function DishPicker({ order, menu }: { order: PhoneOrderActor; menu: Menu | undefined }) {
  const lines = useSelector(order, (snapshot) => snapshot.context.draft.lines);
  const failure = useSelector(order, (snapshot) => failureAt(snapshot.context, 'orderItems'));
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const found = useMemo(() => foundDishes(menu, query), [menu, query]);
  const menuNumbers = useMemo(() => menuNumbersOf(menu), [menu]);
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const highlighted = found.length === 0 ? undefined : Math.min(active, found.length - 1);

  const add = (dish: FoundDish) => {
    const { key: _key, menuNumber: _number, chineseName: _chinese, chineseScript: _script, ...line } = dish;
    order.send({ type: 'ADD_LINE', line });
    setQuery('');
    setActive(0);
  };
  // Enter pressed before the menu has come is kept, and adds the dish it finds once it has.
  const [addOnceLoaded, setAddOnceLoaded] = useState(false);
  useEffect(() => {
    if (!addOnceLoaded || menu === undefined) return;
    setAddOnceLoaded(false);
    if (found.length > 0) add(found[0]);
  }, [menu, addOnceLoaded]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (found.length > 0) setActive(((highlighted ?? 0) + (event.key === 'ArrowDown' ? 1 : found.length - 1)) % found.length);
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      // Enter adds the dish; it never places the order from here.
      event.preventDefault();
      if (highlighted !== undefined) add(found[highlighted]);
      else if (menu === undefined && query.trim() !== '') setAddOnceLoaded(true);
    }
  };
  const dishesPence = lines.reduce((sum, line) => sum + line.pricePence * line.quantity, 0);

  return (
    <Stack gap="xs">
      <TextInput
        label="Add a dish: number or name"
        description={menu === undefined ? 'Loading the menu…' : 'Enter adds the highlighted dish; the arrow keys move the highlight.'}
        size="md"
        autoComplete="off"
        role="combobox"
        aria-expanded={found.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={highlighted === undefined ? undefined : optionId(highlighted)}
        value={query}
        error={failure}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Dishes found" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {found.map((dish, index) => (
          <li
            key={dish.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => add(dish)}
            style={{
              padding: '0.5rem 0.75rem',
              cursor: 'pointer',
              borderRadius: 4,
              background: index === highlighted ? 'var(--mantine-color-dark-6)' : undefined,
              color: index === highlighted ? 'var(--mantine-color-white)' : undefined,
            }}
          >
            {dish.menuNumber !== undefined && <strong>{dish.menuNumber}. </strong>}
            {dish.title}
            {dish.configOption !== undefined && ` (${dish.configOption})`}
            {dish.chineseName !== undefined && <span lang={dish.chineseScript ?? 'zh'}> {dish.chineseName}</span>} · {formatGbp(dish.pricePence)}
          </li>
        ))}
      </ul>
      <Title order={3} size="h4">
        Dishes ({lines.reduce((count, line) => count + line.quantity, 0)})
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed">No dishes yet.</Text>
      ) : (
        // Not numbered 1, 2, 3: read back to a caller, a line's place would sound like a dish's number on the menu.
        <Stack gap={4} component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {lines.map((line, index) => {
            const name = line.configOption === undefined ? line.title : `${line.title} (${line.configOption})`;
            const menuNumber = menuNumbers.get(line.itemId);
            return (
              <li key={`${line.itemId}/${line.configId ?? ''}`}>
                <Group gap="sm" wrap="nowrap">
                  <Text style={{ flex: 1 }}>
                    {menuNumber !== undefined && <strong>{menuNumber}. </strong>}
                    {name}
                  </Text>
                  <TextInput
                    type="number"
                    min={1}
                    max={99}
                    w={80}
                    aria-label={`Quantity of ${name}`}
                    value={String(line.quantity)}
                    onChange={(event) => order.send({ type: 'SET_QUANTITY', index, quantity: Number(event.currentTarget.value) })}
                  />
                  <Text w={80} ta="right">
                    {formatGbp(line.pricePence * line.quantity)}
                  </Text>
                  <Button variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => order.send({ type: 'REMOVE_LINE', index })}>
                    Remove
                  </Button>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      {lines.length > 0 && <Text fw={700}>Dishes {formatGbp(dishesPence)} on the menu; the bag, delivery and any account discount are added when it is placed.</Text>}
    </Stack>
  );
}
