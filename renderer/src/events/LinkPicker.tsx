/**
 * A venue, organizers, categories or tags of an event: a combobox to choose from, and a
 * "+ New …" button that opens an inline panel to create one on the spot.
 */
import { useState, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Combobox, type ComboOption } from '../ui/Combobox';

interface Props {
  label: string;
  options: ComboOption[];
  value: number[];
  single?: boolean;
  error?: string | undefined;
  placeholder: string;
  onChange(ids: number[]): void;
  /** The "+ New venue" button's words. */
  newLabel: string;
  /** Renders the inline creation panel; it calls done(id) with the new item's id, or null. */
  create(done: (id: number | null) => void): ReactNode;
}

export function LinkPicker({ newLabel, create, ...picker }: Props) {
  const [creating, setCreating] = useState(false);
  const { value, single, onChange } = picker;
  return (
    <div className="field field--wide">
      <Combobox {...picker} />
      {creating ? (
        create((id) => {
          if (id !== null) onChange(single ? [id] : [...value, id]);
          setCreating(false);
        })
      ) : (
        <div>
          <Button small variant="ghost" onClick={() => setCreating(true)}>
            {newLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
