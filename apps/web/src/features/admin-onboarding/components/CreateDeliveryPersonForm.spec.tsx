/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { CreateDeliveryPersonForm } from './CreateDeliveryPersonForm';

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const stepTitle = () => screen.getByRole('heading', { level: 3 }).textContent;
const photo = (name: string, mime: string, size = 100) => {
  const file = new File(['x'], name, { type: mime });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('CreateDeliveryPersonForm', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it('walks the five tabs in order with Previous and Next, and submits only from the last one', () => {
    render(<CreateDeliveryPersonForm />);
    expect(stepTitle()).toBe('Informations de base');
    expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Créer le livreur' })).toBeNull();
    expect((screen.getByLabelText('Téléphone *') as HTMLInputElement).placeholder).toMatch(/^\+224/);
    expect((screen.getByLabelText('Mot de passe *') as HTMLInputElement).placeholder).toBe('Minimum 6 caractères');
    const titles = [stepTitle()];
    for (let index = 0; index < 4; index += 1) {
      next();
      titles.push(stepTitle());
    }
    expect(titles).toEqual(['Informations de base', 'Véhicule', 'Identité', 'Urgence', 'Complémentaire']);
    expect(screen.queryByRole('button', { name: 'Suivant' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(stepTitle()).toBe('Urgence');
  });

  it('offers every vehicle type with French labels', () => {
    render(<CreateDeliveryPersonForm />);
    next();
    const vehicle = screen.getByLabelText('Type de véhicule') as HTMLSelectElement;
    expect([...vehicle.options].map((option) => [option.value, option.text])).toEqual([
      ['moto', 'Moto'],
      ['scooter', 'Scooter'],
      ['vélo', 'Vélo'],
      ['voiture', 'Voiture'],
      ['tricycle', 'Tricycle'],
    ]);
  });

  it('keeps submit disabled until full name, phone and password are filled', () => {
    render(<CreateDeliveryPersonForm />);
    type('Nom complet *', 'Mamadou Diallo');
    type('Téléphone *', '+224 620 00 00 01');
    for (let index = 0; index < 4; index += 1) next();
    const submit = screen.getByRole('button', { name: 'Créer le livreur' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '1 Informations de base' }));
    type('Mot de passe *', 'secret1');
    for (let index = 0; index < 4; index += 1) next();
    expect((screen.getByRole('button', { name: 'Créer le livreur' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('checks a photo before sending it, and reports a failed upload', async () => {
    render(<CreateDeliveryPersonForm />);
    next();
    next();
    const idPhoto = screen.getByLabelText("Photo de la pièce d'identité *");
    await act(async () => fireEvent.change(idPhoto, { target: { files: [photo('scan.gif', 'image/gif')] } }));
    expect(screen.getByRole('alert').textContent).toBe('Format de fichier non autorisé. Utilisez JPG, PNG ou WebP.');
    await act(async () => fireEvent.change(idPhoto, { target: { files: [photo('scan.png', 'image/png', 5242881)] } }));
    expect(screen.getByRole('alert').textContent).toBe('Fichier trop volumineux. Maximum 5MB.');
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockReturnValueOnce(answer(500, {}));
    await act(async () => fireEvent.change(idPhoto, { target: { files: [photo('scan.png', 'image/png', 5242880)] } }));
    expect(screen.getByRole('alert').textContent).toBe("Erreur lors de l'upload de la photo");
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/upload/id-photo');
    expect((fetchMock.mock.calls[0]![1]!.body as FormData).get('file')).toBeInstanceOf(File);

    fetchMock.mockReturnValueOnce(answer(500, {}));
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Photo personnelle'), { target: { files: [photo('me.webp', 'image/webp')] } }),
    );
    expect(screen.getByRole('alert').textContent).toBe("Erreur lors de l'upload de la photo personnelle");
  });

  async function fillCompleteFile() {
    type('Nom complet *', 'Mamadou Diallo');
    type('Téléphone *', '+224 620 00 00 01');
    type('Mot de passe *', 'secret1');
    next();
    next();
    type('Numéro de la pièce *', 'GN123456');
    type("Date d'expiration *", '2030-01-31');
    fetchMock.mockReturnValueOnce(answer(201, { photo_url: '/api/files/id-1', file_id: 'id-1' }));
    await act(async () =>
      fireEvent.change(screen.getByLabelText("Photo de la pièce d'identité *"), { target: { files: [photo('id.jpg', 'image/jpeg')] } }),
    );
    next();
    type("Nom du contact d'urgence *", 'Aïssatou Diallo');
    type("Téléphone du contact d'urgence *", '+224 620 00 00 02');
    next();
  }

  it('sends the KYC file, then shows the success and resets the form', async () => {
    render(<CreateDeliveryPersonForm />);
    await fillCompleteFile();
    type("Années d'expérience", '51');
    fireEvent.click(screen.getByRole('button', { name: 'Créer le livreur' }));
    expect(screen.getByRole('alert').textContent).toBe("Années d'expérience : entre 0 et 50");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    type("Années d'expérience", '3');
    fetchMock.mockReturnValueOnce(answer(201, { message: 'Livreur créé avec succès! Dossier KYC complet.', user: {} }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Créer le livreur' })));
    const sent = JSON.parse(fetchMock.mock.calls[1]![1]!.body as string);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/admin/create-delivery-person');
    expect(sent).toMatchObject({
      full_name: 'Mamadou Diallo',
      password: 'secret1',
      role: 'independent_delivery',
      vehicle_type: 'moto',
      id_type: 'carte_identite',
      id_number: 'GN123456',
      id_expiry_date: '2030-01-31',
      id_photo_url: '/api/files/id-1',
      emergency_contact_relationship: 'parent',
      experience_years: 3,
    });
    expect(screen.getByRole('status').textContent).toBe('Livreur créé avec succès! Dossier KYC complet.');
    expect(stepTitle()).toBe('Informations de base');
    expect((screen.getByLabelText('Nom complet *') as HTMLInputElement).value).toBe('');
  });

  it('prefixes the failure with the server detail', async () => {
    render(<CreateDeliveryPersonForm />);
    await fillCompleteFile();
    fetchMock.mockReturnValueOnce(answer(409, { detail: 'Ce numéro est déjà utilisé.', code: 'PHONE_TAKEN' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Créer le livreur' })));
    expect(screen.getByRole('alert').textContent).toBe('❌ Erreur lors de la création: Ce numéro est déjà utilisé.');
  });
});
