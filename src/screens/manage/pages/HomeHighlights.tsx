import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Alert, Button, Checkbox, Fieldset, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import { useDraftCalls, useLoadOnOpen } from '../useDraftCalls';

type ManagedMenu = components['schemas']['ManagedMenu'];

/**
 * The home page's signature dishes (docs/back-office.md, "Pages"): the menu's highlighted dishes, chosen here with a
 * box each and saved and published through the menu's own draft (`/manage/menu`), so that the menu's rules, its
 * version and its audit hold for them as for any other change to a dish. `onUnsavedChange` tells the pages editor
 * whether a choice is not saved yet, so that it asks before the owner leaves it.
 */
export function HomeHighlights({ onUnsavedChange }: { onUnsavedChange: (unsaved: boolean) => void }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [menu, setMenu] = useState<ManagedMenu>();
  const [categories, setCategories] = useState<ManagedMenu['categories']>([]);
  const [unsaved, setUnsaved] = useState(false);

  const show = useCallback((answer: ManagedMenu) => {
    setMenu(answer);
    setCategories(answer.categories);
    setUnsaved(false);
  }, []);
  const { busy, notice, setNotice, failure, load, send } = useDraftCalls(show);
  const reload = useCallback((signal?: AbortSignal) => load(callApi(api.GET('/manage/menu', { signal }), signal)), [api, load]);
  useLoadOnOpen(reload);
  useEffect(() => onUnsavedChange(unsaved), [onUnsavedChange, unsaved]);
  useEffect(() => () => onUnsavedChange(false), [onUnsavedChange]);

  async function save() {
    if (menu === undefined) return undefined;
    return send(callApi(api.PUT('/manage/menu', { body: { revision: menu.revision, categories } })), () => "Saved in the menu's draft. Visitors still see the published signature dishes.");
  }

  async function publish() {
    const saved = unsaved ? await save() : menu;
    if (saved === undefined) return;
    await send(callApi(api.POST('/manage/menu/publish', { body: { revision: saved.revision } })), () => 'Published: the home page shows the new signature dishes.');
  }

  function highlight(categoryIndex: number, itemIndex: number, highlighted: boolean) {
    setCategories(categories.map((category, at) => (at !== categoryIndex ? category : { ...category, items: category.items.map((item, index) => (index === itemIndex ? { ...item, highlighted } : item)) })));
    setUnsaved(true);
    setNotice(undefined);
  }

  const otherChanges = (menu?.unpublishedChanges ?? []).filter((change) => !/highlighted on the home page$/.test(change));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="home-highlights">
      <Stack gap="sm">
        <Title order={2} size="h3" id="home-highlights">
          Home page: signature dishes
        </Title>
        <Text>The dishes the home page shows under "Our signature dishes". They are part of the menu: a change is a draft of the menu until it is published.</Text>
        {otherChanges.length > 0 && (
          <Alert color="yellow" title="The menu's draft has other changes">
            <Text size="sm">Publishing here publishes them too:</Text>
            <List size="sm">
              {otherChanges.map((change) => (
                <List.Item key={change}>{change}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {categories.map((category, categoryIndex) => (
          <Fieldset key={category.categoryId ?? categoryIndex} legend={category.name}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
              {category.items.map((item, itemIndex) => (
                <Checkbox key={item.itemId ?? itemIndex} label={item.title} checked={item.highlighted} onChange={(event) => highlight(categoryIndex, itemIndex, event.currentTarget.checked)} />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
        {notice && <Alert color="green" role="status" title={notice} withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(undefined)} />}
        {failure && (
          <Alert color="lacquerRed" role="alert" title={failure.status === 409 ? 'Changed by someone else' : 'That did not work'}>
            <Text size="sm">{failure.message ?? 'Some dishes need attention in Menu: nothing was saved.'}</Text>
            <Button mt="sm" color="dark" onClick={() => void reload()}>
              Reload
            </Button>
          </Alert>
        )}
        {menu && (
          <Group>
            <Button color="dark" onClick={() => void save()} loading={busy} disabled={!unsaved}>
              Save signature dishes
            </Button>
            <Button color="green.9" onClick={() => void publish()} disabled={busy || (!unsaved && !menu.differsFromPublished)}>
              Publish signature dishes
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
