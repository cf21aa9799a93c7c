import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../api/client';
import type { ApiError } from '../../domain/apiErrors';
import type { components } from '../../api/schema.gen';

type Menu = components['schemas']['Menu'];
type SoldOutEntry = components['schemas']['SoldOutEntry'];

const untilFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const isMark = (entry: SoldOutEntry, itemId: number, configId: number | undefined) => entry.itemId === itemId && entry.configId === configId;

/**
 * "Sold out today" (docs/back-office.md): every dish on the customers' menu and each of its options with a switch. One
 * tap makes it unavailable to customers at once, until the restaurant's next opening day; another puts it back on sale.
 */
export function SoldOutTodayPanel() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const menuId = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.menuId });
  const [menu, setMenu] = useState<Menu>();
  const [soldOut, setSoldOut] = useState<SoldOutEntry[]>([]);
  const [pending, setPending] = useState<string>();
  const [failure, setFailure] = useState<ApiError>();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (menuId === undefined) return;
      const [menuAnswer, soldOutAnswer] = await Promise.all([
        callApi(api.GET('/menu/getMenu/{menuId}', { params: { path: { menuId } }, signal }), signal),
        callApi(api.GET('/kitchen/soldOut', { signal }), signal),
      ]);
      if (menuAnswer.ok && soldOutAnswer.ok) {
        setMenu(menuAnswer.data);
        setSoldOut(soldOutAnswer.data.soldOut);
        setFailure(undefined);
      } else if (!menuAnswer.ok && !menuAnswer.aborted) setFailure(menuAnswer.error);
      else if (!soldOutAnswer.ok && !soldOutAnswer.aborted) setFailure(soldOutAnswer.error);
    },
    [api, menuId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function toggle(itemId: number, configId: number | undefined, markSoldOut: boolean) {
    setPending(`${itemId}/${configId ?? ''}`);
    const answer = await callApi(api.POST('/kitchen/soldOut', { body: { itemId, ...(configId === undefined ? {} : { configId }), soldOut: markSoldOut } }));
    setPending(undefined);
    if (answer.ok) {
      setSoldOut(answer.data.soldOut);
      setFailure(undefined);
    } else if (!answer.aborted) setFailure(answer.error);
  }

  const switchFor = (itemId: number, configId: number | undefined, label: string, offMenu: boolean) => {
    const mark = soldOut.find((entry) => isMark(entry, itemId, configId));
    const description = mark ? `Sold out until ${untilFormat.format(new Date(mark.until))}` : offMenu ? 'Not on sale: the owner has taken it off the menu' : undefined;
    const key = `${itemId}/${configId ?? ''}`;
    const descriptionId = `sold-out-${itemId}-${configId ?? 'dish'}`;
    // The description is beside the switch, not Mantine's own: that one would become part of the switch's name.
    return (
      <Stack key={key} gap={2}>
        <Switch
          size="md"
          label={label}
          aria-describedby={description === undefined ? undefined : descriptionId}
          checked={mark !== undefined}
          disabled={(offMenu && mark === undefined) || pending !== undefined}
          onChange={(event) => void toggle(itemId, configId, event.currentTarget.checked)}
        />
        {description !== undefined && (
          <Text id={descriptionId} size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      <Text>Switch on what has run out: customers cannot order it until the restaurant next opens on another day, when it comes back by itself.</Text>
      {failure && (
        <Alert color="lacquerRed" role="alert" title="That did not work">
          <Text size="sm">{failure.message ?? failure.validationErrors.map((error) => error.message).join('; ')}</Text>
          <Button mt="sm" color="dark" onClick={() => void load()}>
            Reload
          </Button>
        </Alert>
      )}
      {menu === undefined && !failure && <Text role="status">Loading the menu…</Text>}
      {menu?.categories.map((category) => (
        // Not a region: the owner's menu page shows it beside the editor's own region for each category.
        <div key={category.categoryId}>
          <Title order={3} size="h4" mb="xs">
            {category.category}
          </Title>
          <Stack gap="sm">
            {category.items.map((item) => {
              const dishSoldOut = soldOut.some((entry) => isMark(entry, item.itemId, undefined));
              const offMenu = !item.available && !dishSoldOut;
              return (
                <Stack key={item.itemId} gap={6}>
                  {switchFor(item.itemId, undefined, item.title, offMenu)}
                  {item.configItems.length > 0 && (
                    <Stack gap={6} pl="xl">
                      {item.configItems.map((option) => switchFor(item.itemId, option.configId, `${item.title} (${option.configItem})`, offMenu))}
                    </Stack>
                  )}
                </Stack>
              );
            })}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}

/** The kitchen dashboard's button for the sold-out list, in a dialog of its own over the orders. */
export function SoldOutTodayButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="lg" variant="outline" color="dark" onClick={() => setOpened(true)}>
        Sold out today
      </Button>
      <Modal.Root opened={opened} onClose={() => setOpened(false)} size="lg">
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title component="h2" fw={700} fz="h3">
              Sold out today
            </Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>{opened && <SoldOutTodayPanel />}</Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
