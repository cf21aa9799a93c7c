import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { Button, Checkbox, Fieldset, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { ALLERGENS, DIETARY_LABELS, allergenName, dietaryName } from '../../../domain/menuLabels';
import { MENU_LIMITS } from '../../../domain/menuRules';
import { newKey, poundsTyped, type EditorCategory, type EditorItem } from './menuEditorModel';
import { DishPhotoField } from './DishPhotoField';

interface DishEditorDialogProps {
  categories: readonly EditorCategory[];
  categoryIndex: number;
  item: EditorItem;
  /** The dish's fields' path in the body (`categories[1].items[3]`), to find their messages. */
  path: string;
  errors: Readonly<Record<string, string>>;
  onChange(item: EditorItem): void;
  onMove(categoryIndex: number): void;
  onClose(): void;
}

/** One dish of the owner's draft: every field the customers' menu shows, with each rule's message beside its field. */
const withoutPhoto = ({ photo: _photo, ...item }: EditorItem): EditorItem => item;

export function DishEditorDialog({ categories, categoryIndex, item, path, errors, onChange, onMove, onClose }: DishEditorDialogProps) {
  const change = (fields: Partial<EditorItem>) => onChange({ ...item, ...fields });
  const error = (field: string) => errors[`${path}.${field}`];
  const heading = item.title.trim() === '' ? 'New dish' : `Edit ${item.title}`;

  return (
    <Modal.Root opened onClose={onClose} size="xl">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title component="h2" fw={700} fz="h3">
            {heading}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close the dish" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Title" value={item.title} maxLength={MENU_LIMITS.itemTitle} error={error('title')} onChange={(event) => change({ title: event.currentTarget.value })} />
              <NumberInput
                label="Price"
                prefix="£"
                decimalScale={2}
                fixedDecimalScale
                min={0}
                max={MENU_LIMITS.pricePence / 100}
                // An amount out of range is refused with its message, never changed into another without a word.
                clampBehavior="none"
                value={Number.isNaN(item.price) ? '' : item.price}
                error={error('price')}
                onChange={(value) => change({ price: poundsTyped(value) })}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Menu number"
                description="As on the printed menu, for example 54 or 54a"
                value={item.menuNumber ?? ''}
                maxLength={MENU_LIMITS.menuNumber}
                error={error('menuNumber')}
                onChange={(event) => change({ menuNumber: event.currentTarget.value })}
              />
              <TextInput
                label="Chinese name"
                description="For example 咕噜肉"
                lang={item.chineseScript ?? 'zh-Hans'}
                value={item.chineseName ?? ''}
                maxLength={MENU_LIMITS.chineseName}
                error={error('chineseName')}
                onChange={(event) => change({ chineseName: event.currentTarget.value })}
              />
              <NativeSelect
                label="Chinese script"
                value={item.chineseScript ?? 'zh-Hans'}
                error={error('chineseScript')}
                onChange={(event) => change({ chineseScript: event.currentTarget.value as 'zh-Hans' | 'zh-Hant' })}
                data={[
                  { value: 'zh-Hans', label: 'Simplified (简体)' },
                  { value: 'zh-Hant', label: 'Traditional (繁體)' },
                ]}
              />
            </SimpleGrid>
            <NativeSelect
              label="Category"
              value={String(categoryIndex)}
              onChange={(event) => onMove(Number(event.currentTarget.value))}
              data={categories.map((category, index) => ({ value: String(index), label: category.name.trim() || `Category ${index + 1} (no name yet)` }))}
            />
            <Textarea label="Description" autosize minRows={2} value={item.description} maxLength={MENU_LIMITS.itemDescription} error={error('description')} onChange={(event) => change({ description: event.currentTarget.value })} />
            <Textarea
              label="Longer description"
              autosize
              minRows={2}
              value={item.extendedDescription}
              maxLength={MENU_LIMITS.itemExtendedDescription}
              error={error('extendedDescription')}
              onChange={(event) => change({ extendedDescription: event.currentTarget.value })}
            />
            <Checkbox.Group label="Allergens" description="The 14 allergens of UK law that the dish contains" value={item.allergens} error={error('allergens')} onChange={(value) => change({ allergens: value as EditorItem['allergens'] })}>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs">
                {ALLERGENS.map((allergen) => (
                  <Checkbox key={allergen} value={allergen} label={allergenName(allergen)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Checkbox.Group label="Dietary labels" value={item.dietary} error={error('dietary')} onChange={(value) => change({ dietary: value as EditorItem['dietary'] })}>
              <Group mt="xs">
                {DIETARY_LABELS.map((label) => (
                  <Checkbox key={label} value={label} label={dietaryName(label)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>
              <Checkbox label="Highlighted on the home page" checked={item.highlighted} onChange={(event) => change({ highlighted: event.currentTarget.checked })} />
              <Checkbox label="Available to order" checked={item.available} onChange={(event) => change({ available: event.currentTarget.checked })} />
            </Group>
            <DishPhotoField dish={item.title || 'the dish'} photo={item.photo} onChange={(photo) => onChange(photo ? { ...item, photo } : withoutPhoto(item))} />
            <Fieldset legend="Options (customers choose one)">
              <Stack gap="sm">
                {item.options.map((option, index) => {
                  const number = index + 1;
                  const replace = (fields: Partial<typeof option>) => change({ options: item.options.map((other) => (other.key === option.key ? { ...other, ...fields } : other)) });
                  return (
                    <Group key={option.key} align="flex-start" wrap="wrap">
                      <TextInput
                        label={`Option ${number} name`}
                        value={option.label}
                        maxLength={MENU_LIMITS.optionLabel}
                        error={error(`options[${index}].label`)}
                        onChange={(event) => replace({ label: event.currentTarget.value })}
                      />
                      <NumberInput
                        label={`Option ${number} extra cost`}
                        prefix="£"
                        decimalScale={2}
                        fixedDecimalScale
                        min={0}
                        max={MENU_LIMITS.extraCostPence / 100}
                        clampBehavior="none"
                        value={Number.isNaN(option.extraCost) ? '' : option.extraCost}
                        error={error(`options[${index}].extraCost`)}
                        onChange={(value) => replace({ extraCost: poundsTyped(value) })}
                      />
                      <Button variant="subtle" color="lacquerRed" mt={24} onClick={() => change({ options: item.options.filter((other) => other.key !== option.key) })}>
                        {`Remove option ${number}`}
                      </Button>
                    </Group>
                  );
                })}
                <Button variant="outline" color="dark" w="fit-content" onClick={() => change({ options: [...item.options, { key: newKey(), label: '', extraCost: 0 }] })}>
                  Add an option
                </Button>
              </Stack>
            </Fieldset>
            <Group justify="flex-end">
              <Button color="dark" onClick={onClose}>
                Done
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
