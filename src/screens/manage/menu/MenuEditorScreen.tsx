import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Alert, Button, Checkbox, Group, List, Modal, Paper, Stack, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { callApi } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import { formatPounds } from '../../../domain/money';
import { MENU_LIMITS, menuDraftFailures } from '../../../domain/menuRules';
import { SoldOutTodayPanel } from '../../../components/kitchen/SoldOutToday';
import { useDraftCalls, useLoadOnOpen } from '../useDraftCalls';
import { DishEditorDialog } from './DishEditorDialog';
import classes from './MenuEditor.module.css';
import { fromEditor, moved, newCategory, newDish, placeOf, toEditor, type EditorCategory, type EditorItem } from './menuEditorModel';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';

type ManagedMenu = components['schemas']['ManagedMenu'];

/**
 * `/manage/menu` (docs/back-office.md, "Menu"): the owner edits a draft of the whole menu (categories and their dishes,
 * each dish's price, descriptions, allergens, labels and options), saves it, and publishes it when ready: customers get
 * the new menu under the next menu version, and baskets priced before are priced again with the change explained.
 */
export function MenuEditorScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [managed, setManaged] = useState<ManagedMenu>();
  const [categories, setCategories] = useState<EditorCategory[]>([]);
  const [unsaved, setUnsaved] = useState(false);
  const [openDish, setOpenDish] = useState<string>();
  const [confirmingPublish, setConfirmingPublish] = useState(false);

  const show = useCallback((menu: ManagedMenu) => {
    setManaged(menu);
    setCategories(toEditor(menu.categories));
    setUnsaved(false);
  }, []);
  const { busy, notice, setNotice, failure, errors, load, send, refuse } = useDraftCalls(show);
  const reload = useCallback((signal?: AbortSignal) => load(callApi(api.GET('/manage/menu', { signal }), signal)), [api, load]);
  useLoadOnOpen(reload);

  function edit(next: EditorCategory[]) {
    setCategories(next);
    setUnsaved(true);
    setNotice(undefined);
  }
  const editCategory = (index: number, fields: Partial<EditorCategory>) => edit(categories.map((category, at) => (at === index ? { ...category, ...fields } : category)));

  async function saveDraft(): Promise<ManagedMenu | undefined> {
    if (managed === undefined) return undefined;
    const draft = fromEditor(categories);
    const failures = menuDraftFailures(draft);
    if (failures.length > 0) {
      refuse(failures);
      return undefined;
    }
    return send(callApi(api.PUT('/manage/menu', { body: { revision: managed.revision, categories: draft } })), () => 'Draft saved. Customers still see the published menu.');
  }

  async function reviewPublish() {
    const menu = unsaved ? await saveDraft() : managed;
    if (menu !== undefined) setConfirmingPublish(true);
  }

  async function publish() {
    if (managed === undefined) return;
    setConfirmingPublish(false);
    await send(callApi(api.POST('/manage/menu/publish', { body: { revision: managed.revision } })), (menu) => `Published: customers now see menu version ${menu.menuVersion}.`);
  }

  async function discard() {
    if (managed === undefined) return;
    await send(callApi(api.POST('/manage/menu/discard', { body: { revision: managed.revision } })), () => 'Draft discarded: you are editing the published menu again.');
  }

  const dishPlace = openDish === undefined ? undefined : placeOf(categories, openDish);
  const openItem = dishPlace === undefined ? undefined : categories[dishPlace.categoryIndex]!.items[dishPlace.itemIndex]!;

  function changeDish(item: EditorItem) {
    if (dishPlace === undefined) return;
    editCategory(dishPlace.categoryIndex, { items: categories[dishPlace.categoryIndex]!.items.map((other) => (other.key === item.key ? item : other)) });
  }

  function moveDish(toCategory: number) {
    if (dishPlace === undefined || openItem === undefined || toCategory === dishPlace.categoryIndex) return;
    edit(
      categories.map((category, index) => {
        if (index === dishPlace.categoryIndex) return { ...category, items: category.items.filter((item) => item.key !== openItem.key) };
        if (index === toCategory) return { ...category, items: [...category.items, openItem] };
        return category;
      }),
    );
  }

  const conflict = failure?.status === 409;
  const hasDraft = managed?.hasDraft === true;

  return (
    <Stack gap="md">
      <UnsavedChangesGuard unsaved={unsaved} />
      <Title order={1}>Menu</Title>
      {managed === undefined && !failure && <Text role="status">Loading the menu…</Text>}
      {managed && (
        <Text>
          {hasDraft
            ? `You are editing a draft. Customers still see the published menu (version ${managed.menuVersion}) until you publish it.`
            : `You are editing the published menu (version ${managed.menuVersion}). Your changes stay a draft until you publish them.`}
          {unsaved && ' You have changes that are not saved yet.'}
        </Text>
      )}
      {/* Kept in view at the top however far the owner has scrolled, with what its buttons did (or why not) beside them. */}
      <Stack gap="xs" pos="sticky" top={0} bg="var(--mantine-color-body)" py="xs" style={{ zIndex: 2 }}>
        {managed && (
          <Group gap="sm" wrap="wrap">
            <Button color="dark" onClick={() => void saveDraft()} loading={busy} disabled={!unsaved}>
              Save draft
            </Button>
            <Button color="green.9" onClick={() => void reviewPublish()} disabled={busy || (!unsaved && !managed.differsFromPublished)}>
              Publish
            </Button>
            <Button variant="outline" color="lacquerRed" onClick={() => void discard()} disabled={busy || !hasDraft}>
              Discard draft
            </Button>
          </Group>
        )}
        {notice && <Alert color="green" role="status" title={notice} withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(undefined)} />}
        {failure && (
          <Alert color="lacquerRed" role="alert" title={conflict ? 'Changed by someone else' : 'That did not work'}>
            {failure.message && <Text size="sm">{failure.message}</Text>}
            {!failure.message && failure.validationErrors.length > 0 && <Text size="sm">Some fields need attention: each says why beside it.</Text>}
            {(conflict || managed === undefined) && (
              <Button mt="sm" color="dark" onClick={() => void reload()}>
                Reload
              </Button>
            )}
          </Alert>
        )}
      </Stack>
      {errors.categories && <Text c="lacquerRed.8">{errors.categories}</Text>}

      {categories.map((category, categoryIndex) => {
        const at = `categories[${categoryIndex}]`;
        const name = category.name.trim() || `Category ${categoryIndex + 1}`;
        return (
          <Paper key={category.key} withBorder p="md" component="section" aria-label={name}>
            <Stack gap="sm">
              <Group align="flex-start" wrap="wrap" grow>
                <TextInput label="Category name" value={category.name} maxLength={MENU_LIMITS.categoryName} error={errors[`${at}.name`]} onChange={(event) => editCategory(categoryIndex, { name: event.currentTarget.value })} />
                <Textarea
                  label="Category description"
                  autosize
                  minRows={1}
                  value={category.description}
                  maxLength={MENU_LIMITS.categoryDescription}
                  error={errors[`${at}.description`]}
                  onChange={(event) => editCategory(categoryIndex, { description: event.currentTarget.value })}
                />
              </Group>
              <div className={classes.row}>
                <Checkbox label="Hidden from customers" checked={category.hidden} onChange={(event) => editCategory(categoryIndex, { hidden: event.currentTarget.checked })} />
                <div className={`${classes.rowButtons} ${classes.categoryButtons}`}>
                  <Button size="xs" variant="subtle" color="dark" disabled={categoryIndex === 0} onClick={() => edit(moved(categories, categoryIndex, -1))}>
                    Move up<VisuallyHidden>{` ${name}`}</VisuallyHidden>
                  </Button>
                  <Button size="xs" variant="subtle" color="dark" disabled={categoryIndex === categories.length - 1} onClick={() => edit(moved(categories, categoryIndex, 1))}>
                    Move down<VisuallyHidden>{` ${name}`}</VisuallyHidden>
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="lacquerRed"
                    disabled={category.items.length > 0}
                    title={category.items.length > 0 ? 'Move or remove its dishes first' : undefined}
                    onClick={() => edit(categories.filter((other) => other.key !== category.key))}
                  >
                    Remove category<VisuallyHidden>{` ${name}`}</VisuallyHidden>
                  </Button>
                </div>
              </div>
              <ul className={classes.dishes} aria-label={`Dishes in ${name}`}>
                {category.items.map((item, itemIndex) => {
                  const title = item.title.trim() || 'New dish';
                  const needsAttention = Object.keys(errors).some((field) => field.startsWith(`${at}.items[${itemIndex}].`));
                  return (
                    <li key={item.key} className={classes.row}>
                      <Text fw={600} c={needsAttention ? 'lacquerRed.8' : undefined}>
                        {`${title} · ${Number.isNaN(item.price) ? 'no price yet' : formatPounds(item.price)}${item.available ? '' : ' · not available'}${needsAttention ? ' · needs attention' : ''}`}
                      </Text>
                      <div className={classes.rowButtons}>
                        <Button size="xs" variant="light" color="dark" onClick={() => setOpenDish(item.key)}>
                          Edit<VisuallyHidden>{` ${title}`}</VisuallyHidden>
                        </Button>
                        <Button size="xs" variant="subtle" color="dark" disabled={itemIndex === 0} onClick={() => editCategory(categoryIndex, { items: moved(category.items, itemIndex, -1) })}>
                          Move up<VisuallyHidden>{` ${title}`}</VisuallyHidden>
                        </Button>
                        <Button size="xs" variant="subtle" color="dark" disabled={itemIndex === category.items.length - 1} onClick={() => editCategory(categoryIndex, { items: moved(category.items, itemIndex, 1) })}>
                          Move down<VisuallyHidden>{` ${title}`}</VisuallyHidden>
                        </Button>
                        <Button size="xs" variant="subtle" color="lacquerRed" onClick={() => editCategory(categoryIndex, { items: category.items.filter((other) => other.key !== item.key) })}>
                          Remove<VisuallyHidden>{` ${title}`}</VisuallyHidden>
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <Button
                variant="outline"
                color="dark"
                w="fit-content"
                onClick={() => {
                  const dish = newDish();
                  editCategory(categoryIndex, { items: [...category.items, dish] });
                  setOpenDish(dish.key);
                }}
              >
                {`Add a dish to ${name}`}
              </Button>
            </Stack>
          </Paper>
        );
      })}
      {managed && (
        <Button variant="outline" color="dark" w="fit-content" onClick={() => edit([...categories, newCategory()])}>
          Add a category
        </Button>
      )}

      {openItem !== undefined && dishPlace !== undefined && (
        <DishEditorDialog
          categories={categories}
          categoryIndex={dishPlace.categoryIndex}
          item={openItem}
          path={`categories[${dishPlace.categoryIndex}].items[${dishPlace.itemIndex}]`}
          errors={errors}
          onChange={changeDish}
          onMove={moveDish}
          onClose={() => setOpenDish(undefined)}
        />
      )}

      <Modal.Root opened={confirmingPublish} onClose={() => setConfirmingPublish(false)} size="lg">
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title component="h2" fw={700} fz="h3">
              Publish the menu?
            </Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Stack gap="sm">
              {managed && managed.unpublishedChanges.length > 0 ? (
                <>
                  <Text>Customers will see these changes at once; baskets priced before are priced again, and each customer is told what changed.</Text>
                  <List size="sm" aria-label="What will change">
                    {managed.unpublishedChanges.map((change) => (
                      <List.Item key={change}>{change}</List.Item>
                    ))}
                  </List>
                </>
              ) : (
                <Text>The draft is the same as the published menu: there is nothing to publish.</Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirmingPublish(false)}>
                  Keep editing
                </Button>
                <Button color="green.9" onClick={() => void publish()} disabled={!managed || managed.unpublishedChanges.length === 0}>
                  Publish now
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>

      {managed && (
        <Paper withBorder p="md" component="section" aria-labelledby="menu-sold-out-today">
          <Title order={2} id="menu-sold-out-today" mb="sm">
            Sold out today
          </Title>
          <SoldOutTodayPanel />
        </Paper>
      )}
    </Stack>
  );
}
