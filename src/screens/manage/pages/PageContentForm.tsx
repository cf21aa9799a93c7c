import { Button, Fieldset, Group, Image, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  BLOCK_FIELDS,
  BLOCK_TYPE_NAMES,
  CARD_ICON_NAMES,
  PAGE_LIMITS,
  slideOfPhoto,
  type BlockType,
  type EditableBlockData,
  type EditableContentBlock,
  type EditablePage,
  type EditablePageColumn,
} from '../../../domain/pageRules';
import { PhotoUpload } from '../PhotoUpload';

// The fields of a page the owner writes (docs/back-office.md, "Pages"): SPEC §2's rows of columns, each column's width
// at each breakpoint, and its blocks of the five types. Every field is named as the body names it, so that a refusal's
// message shows beside the field it is about.

type Errors = Readonly<Record<string, string>>;
type Edit = (change: (page: EditablePage) => void) => void;

const SIZE_LABELS = { xs: 'Phone', sm: 'Large phone', md: 'Tablet', lg: 'Desktop' } as const;
const MAX_COLUMNS = 4;
const FULL_WIDTH = { xs: 12, sm: 12, md: 12, lg: 12 };

const newBlock = (type: BlockType): EditableContentBlock => {
  const data: Record<BlockType, EditableBlockData> = {
    0: { header: '', content: [''] },
    1: { header: '', content: [], ctaText: '', ctaLink: '/' },
    2: { header: '', content: [], ctaText: '', ctaLink: 'https://' },
    3: { slides: [] },
    4: { header: '', header1: '', header2: '', content: [], ctaText: '', ctaLink: '', ctaIcon: 0 },
  };
  return { contentBlockType: type, contentBlockData: data[type] };
};

export const newColumn = (): EditablePageColumn => ({ sizes: { ...FULL_WIDTH }, contentBlocks: [newBlock(0)] });

/** `list` with the item at `from` moved by `by` places, when there is room. */
function move<T>(list: T[], from: number, by: -1 | 1) {
  const to = from + by;
  if (to < 0 || to >= list.length) return;
  [list[from], list[to]] = [list[to]!, list[from]!];
}

function Paragraphs({ at, content, errors, edit, where }: { at: string; content: string[]; errors: Errors; edit(change: (content: string[]) => void): void; where: string }) {
  return (
    <Stack gap="xs">
      {errors[`${at}.content`] && (
        <Text c="lacquerRed.8" size="sm">
          {errors[`${at}.content`]}
        </Text>
      )}
      {content.map((paragraph, index) => (
        <Group key={index} align="flex-end" wrap="nowrap">
          <Textarea
            flex={1}
            label={`Paragraph ${index + 1}`}
            autosize
            minRows={2}
            maxLength={PAGE_LIMITS.paragraph}
            value={paragraph}
            error={errors[`${at}.content[${index}]`]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              edit((paragraphs) => {
                paragraphs[index] = value;
              });
            }}
          />
          <Button variant="default" aria-label={`Remove paragraph ${index + 1} of ${where}`} onClick={() => edit((paragraphs) => void paragraphs.splice(index, 1))}>
            Remove
          </Button>
        </Group>
      ))}
      <Button variant="light" w="fit-content" onClick={() => edit((paragraphs) => void paragraphs.push(''))} aria-label={`Add a paragraph to ${where}`}>
        Add a paragraph
      </Button>
    </Stack>
  );
}

function Slides({ at, block, errors, edit, where }: { at: string; block: EditableContentBlock; errors: Errors; edit(change: (block: EditableContentBlock) => void): void; where: string }) {
  const slides = block.contentBlockData.slides ?? [];
  const editSlides = (change: (slides: NonNullable<EditableBlockData['slides']>) => void) =>
    edit((draft) => {
      draft.contentBlockData.slides ??= [];
      change(draft.contentBlockData.slides);
    });
  return (
    <Stack gap="sm">
      {errors[`${at}.slides`] && (
        <Text c="lacquerRed.8" size="sm">
          {errors[`${at}.slides`]}
        </Text>
      )}
      {slides.map((slide, index) => (
        <Group key={index} align="flex-start" wrap="wrap">
          {slide.img && <Image src={slide.sources?.[0]?.img ?? slide.img} alt="" w={120} h={80} fit="cover" radius="sm" />}
          <Stack gap="xs" flex={1} miw={220}>
            <TextInput
              label={`What photo ${index + 1} shows`}
              value={slide.alt}
              maxLength={PAGE_LIMITS.alt}
              error={errors[`${at}.slides[${index}].alt`] ?? errors[`${at}.slides[${index}].mediaId`]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                editSlides((draft) => {
                  draft[index] = { ...draft[index]!, alt: value };
                });
              }}
            />
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={index === 0} onClick={() => editSlides((draft) => move(draft, index, -1))} aria-label={`Move photo ${index + 1} of ${where} earlier`}>
                Earlier
              </Button>
              <Button size="xs" variant="default" disabled={index === slides.length - 1} onClick={() => editSlides((draft) => move(draft, index, 1))} aria-label={`Move photo ${index + 1} of ${where} later`}>
                Later
              </Button>
              <Button size="xs" variant="default" onClick={() => editSlides((draft) => void draft.splice(index, 1))} aria-label={`Remove photo ${index + 1} of ${where}`}>
                Remove
              </Button>
            </Group>
          </Stack>
        </Group>
      ))}
      <Fieldset legend={`Add a photo to ${where}`} variant="unstyled">
        <PhotoUpload
          chooseLabel="Choose a photo to add"
          replacing={false}
          onUploaded={(photo) => editSlides((draft) => void draft.push({ mediaId: photo.mediaId, ...slideOfPhoto(photo, photo.alt) }))}
        />
      </Fieldset>
    </Stack>
  );
}

function BlockFields({ at, block, errors, edit, where }: { at: string; block: EditableContentBlock; errors: Errors; edit(change: (block: EditableContentBlock) => void): void; where: string }) {
  const fields = BLOCK_FIELDS[block.contentBlockType];
  const data = block.contentBlockData;
  const fieldAt = (field: string) => `${at}.contentBlockData.${field}`;
  const text = (field: 'header' | 'header1' | 'header2' | 'ctaText' | 'ctaLink', label: string, maxLength: number, description?: string) =>
    fields.includes(field) && (
      <TextInput
        label={label}
        description={description}
        maxLength={maxLength}
        value={data[field] ?? ''}
        error={errors[fieldAt(field)]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          edit((draft) => {
            draft.contentBlockData[field] = value;
          });
        }}
      />
    );
  const linkHelp = { 1: 'A page of this site, for example /order', 2: 'A web address starting with https://', 4: 'A page of this site (/order), https://…, tel:… or mailto:…' } as Record<BlockType, string | undefined>;
  return (
    <Stack gap="sm">
      {text('header', block.contentBlockType === 4 ? 'Card heading' : 'Heading', PAGE_LIMITS.header)}
      {text('header1', 'First line under the heading', PAGE_LIMITS.header)}
      {text('header2', 'Second line under the heading', PAGE_LIMITS.header)}
      {fields.includes('content') && (
        <Paragraphs
          at={fieldAt('').slice(0, -1)}
          content={data.content ?? []}
          errors={errors}
          where={where}
          edit={(change) =>
            edit((draft) => {
              draft.contentBlockData.content ??= [];
              change(draft.contentBlockData.content);
            })
          }
        />
      )}
      {text('ctaText', 'Button text', PAGE_LIMITS.ctaText)}
      {text('ctaLink', 'Button link', PAGE_LIMITS.ctaLink, linkHelp[block.contentBlockType])}
      {fields.includes('ctaIcon') && (
        <Select
          label="Button icon"
          data={CARD_ICON_NAMES.map((name, index) => ({ value: String(index), label: name }))}
          value={String(data.ctaIcon ?? 0)}
          allowDeselect={false}
          onChange={(value) =>
            edit((draft) => {
              draft.contentBlockData.ctaIcon = Number(value) as EditableBlockData['ctaIcon'];
            })
          }
        />
      )}
      {block.contentBlockType === 3 && <Slides at={fieldAt('').slice(0, -1)} block={block} errors={errors} edit={edit} where={where} />}
    </Stack>
  );
}

function ColumnFields({ page, rowIndex, columnIndex, errors, edit }: { page: EditablePage; rowIndex: number; columnIndex: number; errors: Errors; edit: Edit }) {
  const column = page.rows[rowIndex]!.columns[columnIndex]!;
  const at = `rows[${rowIndex}].columns[${columnIndex}]`;
  const where = `row ${rowIndex + 1}, column ${columnIndex + 1}`;
  const [newType, setNewType] = useState<string>('0');
  const editColumn = (change: (column: EditablePageColumn) => void) => edit((draft) => change(draft.rows[rowIndex]!.columns[columnIndex]!));
  return (
    <Fieldset legend={`Column ${columnIndex + 1}`}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {(Object.keys(SIZE_LABELS) as (keyof typeof SIZE_LABELS)[]).map((size) => (
            <NumberInput
              key={size}
              label={`${SIZE_LABELS[size]} width`}
              description="Twelfths of the page"
              aria-label={`${SIZE_LABELS[size]} width of ${where}, in twelfths of the page`}
              min={1}
              max={12}
              clampBehavior="none"
              allowDecimal={false}
              value={column.sizes[size]}
              error={errors[`${at}.sizes.${size}`]}
              onChange={(value) => editColumn((draft) => void (draft.sizes[size] = typeof value === 'number' ? value : Number(value)))}
            />
          ))}
        </SimpleGrid>
        {column.contentBlocks.map((block, blockIndex) => {
          const blockWhere = `${where}, block ${blockIndex + 1}`;
          const blockAt = `${at}.contentBlocks[${blockIndex}]`;
          return (
            <Fieldset key={blockIndex} legend={`Row ${rowIndex + 1}, column ${columnIndex + 1}, block ${blockIndex + 1}: ${BLOCK_TYPE_NAMES[block.contentBlockType]}`}>
              <Stack gap="sm">
                <BlockFields at={blockAt} block={block} errors={errors} where={blockWhere} edit={(change) => editColumn((draft) => change(draft.contentBlocks[blockIndex]!))} />
                <Group gap="xs">
                  <Button size="xs" variant="default" disabled={blockIndex === 0} onClick={() => editColumn((draft) => move(draft.contentBlocks, blockIndex, -1))} aria-label={`Move up: ${blockWhere}`}>
                    Move up
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={blockIndex === column.contentBlocks.length - 1}
                    onClick={() => editColumn((draft) => move(draft.contentBlocks, blockIndex, 1))}
                    aria-label={`Move down: ${blockWhere}`}
                  >
                    Move down
                  </Button>
                  <Button size="xs" variant="outline" color="lacquerRed" onClick={() => editColumn((draft) => void draft.contentBlocks.splice(blockIndex, 1))} aria-label={`Remove block: ${blockWhere}`}>
                    Remove block
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group align="flex-end" gap="xs">
          <Select
            label="New block"
            aria-label={`New block type for ${where}`}
            data={(Object.keys(BLOCK_TYPE_NAMES) as unknown as BlockType[]).map((type) => ({ value: String(type), label: BLOCK_TYPE_NAMES[type] }))}
            value={newType}
            allowDeselect={false}
            onChange={(value) => setNewType(value ?? '0')}
          />
          <Button variant="light" onClick={() => editColumn((draft) => void draft.contentBlocks.push(newBlock(Number(newType) as BlockType)))} aria-label={`Add block: ${where}`}>
            Add block
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** The title and rows of `page`; `edit` gets a copy to change. */
export function PageContentForm({ page, errors, edit }: { page: EditablePage; errors: Errors; edit: Edit }) {
  return (
    <Stack gap="md">
      <TextInput
        label="Page title"
        description="The page's main heading and the browser tab's name"
        maxLength={PAGE_LIMITS.title}
        value={page.title}
        error={errors.title}
        onChange={(event) => {
          const value = event.currentTarget.value;
          edit((draft) => void (draft.title = value));
        }}
      />
      {errors.rows && <Text c="lacquerRed.8">{errors.rows}</Text>}
      {page.rows.map((row, rowIndex) => (
        <Paper key={rowIndex} withBorder p="md" component="section" aria-labelledby={`page-row-${rowIndex}`}>
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4" id={`page-row-${rowIndex}`}>
                Row {rowIndex + 1}
              </Title>
              <Group gap="xs">
                <Button size="xs" variant="default" disabled={rowIndex === 0} onClick={() => edit((draft) => move(draft.rows, rowIndex, -1))} aria-label={`Move up: row ${rowIndex + 1}`}>
                  Move up
                </Button>
                <Button size="xs" variant="default" disabled={rowIndex === page.rows.length - 1} onClick={() => edit((draft) => move(draft.rows, rowIndex, 1))} aria-label={`Move down: row ${rowIndex + 1}`}>
                  Move down
                </Button>
                <Button size="xs" variant="outline" color="lacquerRed" onClick={() => edit((draft) => void draft.rows.splice(rowIndex, 1))} aria-label={`Remove row ${rowIndex + 1}`}>
                  Remove row
                </Button>
              </Group>
            </Group>
            {row.columns.map((_column, columnIndex) => (
              <Stack key={columnIndex} gap="xs">
                <ColumnFields page={page} rowIndex={rowIndex} columnIndex={columnIndex} errors={errors} edit={edit} />
                {row.columns.length > 1 && (
                  <Button size="xs" variant="outline" color="lacquerRed" w="fit-content" onClick={() => edit((draft) => void draft.rows[rowIndex]!.columns.splice(columnIndex, 1))} aria-label={`Remove column ${columnIndex + 1} of row ${rowIndex + 1}`}>
                    Remove column
                  </Button>
                )}
              </Stack>
            ))}
            {row.columns.length < MAX_COLUMNS && (
              <Button variant="light" w="fit-content" onClick={() => edit((draft) => void draft.rows[rowIndex]!.columns.push(newColumn()))} aria-label={`Add a column to row ${rowIndex + 1}`}>
                Add a column
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
      <Button variant="light" w="fit-content" onClick={() => edit((draft) => void draft.rows.push({ columns: [newColumn()] }))}>
        Add a row
      </Button>
    </Stack>
  );
}
