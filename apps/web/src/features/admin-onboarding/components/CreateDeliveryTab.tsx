import { CreateDeliveryPersonForm } from './CreateDeliveryPersonForm';

/** Staff tab "Nouveau livreur": courier accounts are created here, never by self-registration. */
export function CreateDeliveryTab() {
  return (
    <div className="stack">
      <h2 className="page-title">Nouveau livreur</h2>
      <p className="muted">Dossier KYC complet : les champs marqués * sont obligatoires.</p>
      <CreateDeliveryPersonForm />
    </div>
  );
}
