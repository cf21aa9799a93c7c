import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { Alert, Button, Group, List, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { rootRouteId, useRouteContext, useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { callApi } from '../../../api/client';
import type { ApiError, ApiResult } from '../../../domain/apiErrors';
import type { components } from '../../../api/schema.gen';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ContentRows } from '../../../components/content/ContentRows';
import { isPageName } from '../../../domain/pageContent';
import { editablePage, isSitePage, PAGE_ADDRESS_TAKEN_MESSAGE, pageDraftFailures, servedPage, SITE_PAGE_KEPT_MESSAGE, type EditablePage } from '../../../domain/pageRules';
import { PAGE_NAMES } from '../../../shell/pageRoutes';
import { useDraftCalls, useLoadOnOpen } from '../useDraftCalls';
import { LeaveWithoutSavingDialog, UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { HomeHighlights } from './HomeHighlights';
import { newColumn, PageContentForm } from './PageContentForm';

type ManagedPage = components['schemas']['ManagedPage'];
type ManagedPageList = components['schemas']['ManagedPageList'];

/** The choice of the home page's signature dishes: a space, so that no page can be called it. */
const HOME_PAGE = 'home page';

/** Where visitors find a page: its own route when it has one (the gallery, the legal pages, About Us), else /{page}. */
function addressOf(pageName: string): string {
  const route = Object.entries(PAGE_NAMES).find(([, name]) => name.toLowerCase() === pageName.toLowerCase());
  return route?.[0] ?? `/${pageName}`;
}

/**
 * `/manage/pages` (docs/back-office.md, "Pages"): the owner edits the restaurant's pages (the gallery, About Us, the
 * legal pages and any page at /{page}) as a draft, previews it through the pages' own components, and publishes it.
 */
export function PagesEditorScreen() {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const router = useRouter();
  const [list, setList] = useState<ManagedPageList>();
  const [chosen, setChosen] = useState<string | null>(null);
  const [managed, setManaged] = useState<ManagedPage>();
  const [draft, setDraft] = useState<EditablePage>();
  const [unsaved, setUnsaved] = useState(false);
  const [listFailure, setListFailure] = useState<ApiError>();
  const [previewing, setPreviewing] = useState(false);
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [newName, setNewName] = useState('');
  const [newNameError, setNewNameError] = useState<string>();
  const [highlightsUnsaved, setHighlightsUnsaved] = useState(false);
  /** What the owner asked for that would replace changes not saved yet, held while the dialog asks. */
  const [leaving, setLeaving] = useState<() => void>();
  const changesNotSaved = chosen === HOME_PAGE ? highlightsUnsaved : unsaved;

  const show = useCallback((page: ManagedPage) => {
    setManaged(page);
    setDraft(editablePage(page));
    setUnsaved(false);
  }, []);
  const { busy, notice, setNotice, failure, errors, load, send: sendCall, sendWith, refuse, reset } = useDraftCalls(show);

  const loadList = useCallback(
    async (signal?: AbortSignal) => {
      const answer = await callApi(api.GET('/manage/pages', { signal }), signal);
      if (answer.ok) setList(answer.data);
      else if (!answer.aborted) setListFailure(answer.error);
    },
    [api],
  );
  useLoadOnOpen(loadList);

  const open = useCallback(
    (pageName: string, signal?: AbortSignal) => load(callApi(api.GET('/manage/pages/{page}', { params: { path: { page: pageName } }, signal }), signal)),
    [api, load],
  );
  const openChosen = useCallback(
    (signal: AbortSignal) => (chosen === null || chosen === HOME_PAGE || chosen === managed?.pageName ? undefined : open(chosen, signal)),
    [chosen, managed?.pageName, open],
  );
  useLoadOnOpen(openChosen);

  function edit(change: (page: EditablePage) => void) {
    if (draft === undefined) return;
    const next = structuredClone(draft);
    change(next);
    setDraft(next);
    setUnsaved(true);
    setNotice(undefined);
  }

  /** Does what would put another page in place of this one's changes not saved yet, once the owner agrees to lose them. */
  function replacingChanges(action: () => void) {
    if (changesNotSaved) setLeaving(() => action);
    else action();
  }

  function startNewPage() {
    const name = newName.trim();
    const taken = list?.pages.some((page) => page.pageName.toLowerCase() === name.toLowerCase()) || `/${name}` in router.routesByPath;
    const problem = !isPageName(name) ? 'Use letters, digits, - and _ only, for example christmas-menu' : taken ? PAGE_ADDRESS_TAKEN_MESSAGE : undefined;
    setNewNameError(problem && (problem.startsWith('is') ? `/${name} ${problem}` : problem));
    if (problem || list === undefined) return;
    setManaged({ revision: list.revision, pageName: name, title: '', rows: [], hasDraft: false, published: false, unpublishedChanges: [] });
    setDraft({ title: '', rows: [{ columns: [newColumn()] }] });
    setChosen(name);
    setUnsaved(true);
    reset();
    setNewName('');
  }

  /** Sends a call that answers the page, and lists the pages again (a draft's mark, a new page). */
  async function send(call: Promise<ApiResult<ManagedPage>>, done: string): Promise<ManagedPage | undefined> {
    const answer = await sendCall(call, () => done);
    if (answer !== undefined) void loadList();
    return answer;
  }

  const path = managed === undefined ? undefined : { path: { page: managed.pageName } };

  async function saveDraft(): Promise<ManagedPage | undefined> {
    if (managed === undefined || draft === undefined || path === undefined) return undefined;
    const failures = pageDraftFailures(draft);
    if (failures.length > 0) {
      refuse(failures);
      return undefined;
    }
    return send(callApi(api.PUT('/manage/pages/{page}', { params: path, body: { revision: managed.revision, ...draft } })), 'Draft saved. Visitors still see the published page.');
  }

  async function reviewPublish() {
    const page = unsaved ? await saveDraft() : managed;
    if (page !== undefined) setConfirmingPublish(true);
  }

  async function publish() {
    if (managed === undefined || path === undefined) return;
    setConfirmingPublish(false);
    await send(callApi(api.POST('/manage/pages/{page}/publish', { params: path, body: { revision: managed.revision } })), `Published: visitors now see the new page at ${addressOf(managed.pageName)}.`);
  }

  async function discard() {
    if (managed === undefined || path === undefined) return;
    await send(callApi(api.POST('/manage/pages/{page}/discard', { params: path, body: { revision: managed.revision } })), 'Draft discarded: you are editing the published page again.');
  }

  async function remove() {
    if (managed === undefined || path === undefined) return;
    setConfirmingRemoval(false);
    const removed = addressOf(managed.pageName);
    await sendWith(callApi(api.POST('/manage/pages/{page}/remove', { params: path, body: { revision: managed.revision } })), (pages) => {
      setList(pages);
      setManaged(undefined);
      setDraft(undefined);
      setUnsaved(false);
      setPreviewing(false);
      setChosen(null);
      return `Removed: ${removed} is no longer on the site.`;
    });
  }

  const conflict = failure?.status === 409;
  const address = managed && addressOf(managed.pageName);
  /** Only a page the owner added, and only once something of it is stored: the site's own pages stay. */
  const removable = managed !== undefined && !isSitePage(managed.pageName) && (managed.published || managed.hasDraft);
  /** What the last call did: under the toolbar while a page is open, else (a page just removed) under the choice of page. */
  const noticeShown = notice && <Alert color="green" role="status" title={notice} withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(undefined)} />;

  return (
    <Stack gap="md">
      <Title order={1}>Pages</Title>
      <Text>The gallery, About Us, the legal pages and any page you add. Your changes stay a draft, which you can preview, until you publish them.</Text>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Page to edit"
          data={[
            { value: '', label: list ? 'Choose a page' : 'Loading the pages…', disabled: true },
            { value: HOME_PAGE, label: 'Home page: signature dishes (/)' },
            ...(list?.pages ?? []).map((page) => ({ value: page.pageName, label: `${page.title || page.pageName} (${addressOf(page.pageName)})${page.hasDraft ? ', draft' : ''}` })),
            ...(chosen !== null && chosen !== HOME_PAGE && !list?.pages.some((page) => page.pageName === chosen) ? [{ value: chosen, label: `New page (/${chosen})` }] : []),
          ]}
          value={chosen ?? ''}
          onChange={(event) => {
            const next = event.currentTarget.value;
            replacingChanges(() => {
              // The changes let go are gone, also when the owner comes back to this page.
              if (managed !== undefined && unsaved) show(managed);
              setPreviewing(false);
              setNotice(undefined);
              setChosen(next);
            });
          }}
          miw={320}
        />
        <TextInput label="Or add a page at" leftSection="/" value={newName} error={newNameError} onChange={(event) => setNewName(event.currentTarget.value)} />
        <Button variant="light" onClick={() => replacingChanges(startNewPage)}>
          Add the page
        </Button>
      </Group>

      <UnsavedChangesGuard unsaved={changesNotSaved} />
      <LeaveWithoutSavingDialog
        opened={leaving !== undefined}
        onStay={() => setLeaving(undefined)}
        onLeave={() => {
          leaving?.();
          setLeaving(undefined);
        }}
      />
      {chosen === HOME_PAGE && <HomeHighlights onUnsavedChange={setHighlightsUnsaved} />}
      {chosen !== HOME_PAGE && managed && draft && (
        <>
          <Text>
            {managed.hasDraft ? `You are editing a draft of ${address}. Visitors still see the published page until you publish it.` : managed.published ? `You are editing ${address} as visitors see it. Your changes stay a draft until you publish them.` : `${address} is new: visitors see it once you publish it.`}
            {unsaved && ' You have changes that are not saved yet.'}
          </Text>
          {isSitePage(managed.pageName) && (
            <Text size="sm" c="dimmed">
              {SITE_PAGE_KEPT_MESSAGE}.
            </Text>
          )}
          <Stack gap="xs" pos="sticky" top={0} bg="var(--mantine-color-body)" py="xs" style={{ zIndex: 2 }}>
            <Group gap="sm" wrap="wrap">
              <Button color="dark" onClick={() => void saveDraft()} loading={busy} disabled={!unsaved}>
                Save draft
              </Button>
              <Button variant="outline" color="dark" onClick={() => setPreviewing(!previewing)} aria-pressed={previewing}>
                {previewing ? 'Back to editing' : 'Preview'}
              </Button>
              <Button color="green.9" onClick={() => void reviewPublish()} disabled={busy || (!unsaved && !managed.hasDraft)}>
                Publish
              </Button>
              <Button variant="outline" color="lacquerRed" onClick={() => void discard()} disabled={busy || !managed.hasDraft}>
                Discard draft
              </Button>
              {removable && (
                <Button variant="subtle" color="lacquerRed" onClick={() => setConfirmingRemoval(true)} disabled={busy}>
                  Remove page
                </Button>
              )}
            </Group>
            {noticeShown}
            {failure && (
              <Alert color="lacquerRed" role="alert" title={conflict ? 'Changed by someone else' : 'That did not work'}>
                {failure.message && <Text size="sm">{failure.message}</Text>}
                {!failure.message && failure.validationErrors.length > 0 && <Text size="sm">Some fields need attention: each says why beside it.</Text>}
                {conflict && (
                  <Button mt="sm" color="dark" onClick={() => void open(managed.pageName)}>
                    Reload
                  </Button>
                )}
              </Alert>
            )}
          </Stack>
          {previewing ? (
            <Paper withBorder p="md" component="section" aria-label={`Preview of ${address}`}>
              <Text size="sm" c="dimmed" mb="sm">
                Preview: {address} as visitors will see it once published.
              </Text>
              <Stack gap="lg">
                <Title order={1}>{draft.title}</Title>
                <ContentRows page={servedPage(managed.pageName, draft, new Map())} />
              </Stack>
            </Paper>
          ) : (
            <PageContentForm page={draft} errors={errors} edit={edit} />
          )}
        </>
      )}
      {!managed && noticeShown}
      {!managed && (failure ?? listFailure) && (
        <Alert color="lacquerRed" role="alert" title="That did not work">
          {(failure ?? listFailure)?.message}
        </Alert>
      )}

      <ConfirmDialog opened={confirmingRemoval} title={`Remove ${address}?`} onClose={() => setConfirmingRemoval(false)}>
        <Stack gap="sm">
          <Text>
            Visitors will no longer find this page: {address} will show the page-not-found screen, and it leaves the sitemap search engines read.
            {managed?.hasDraft && ' Its draft goes with it.'}
            {unsaved && ' The changes you have not saved are lost.'}
          </Text>
          <Text size="sm">This cannot be undone here: the audit keeps a copy of what the page said.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingRemoval(false)} data-autofocus>
              Keep the page
            </Button>
            <Button color="lacquerRed" onClick={() => void remove()}>
              Remove the page
            </Button>
          </Group>
        </Stack>
      </ConfirmDialog>

      <Modal.Root opened={confirmingPublish} onClose={() => setConfirmingPublish(false)} size="lg">
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title component="h2" fw={700} fz="h3">
              Publish the page?
            </Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Stack gap="sm">
              <Text>Visitors will see these changes at {address} at once.</Text>
              {managed && managed.unpublishedChanges.length > 0 && (
                <List size="sm" aria-label="What will change">
                  {managed.unpublishedChanges.map((change) => (
                    <List.Item key={change}>{change}</List.Item>
                  ))}
                </List>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirmingPublish(false)}>
                  Not yet
                </Button>
                <Button color="green.9" onClick={() => void publish()}>
                  Publish now
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Stack>
  );
}
