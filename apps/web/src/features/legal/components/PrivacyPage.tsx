import { CONTACT_EMAIL } from '../contact';
import { LegalPage } from './LegalPage';

export function PrivacyPage() {
  return (
    <LegalPage title="Politique de Confidentialité">
      <p className="legal__lead">
        Cette politique explique quelles données Coursa collecte, pourquoi, combien de temps elles sont conservées et
        comment exercer vos droits. Coursa, à Conakry (République de Guinée), est responsable de ces traitements.
      </p>

      <section>
        <h2>1. Données collectées</h2>
        <ul>
          <li>
            <strong>Compte</strong> : nom complet, numéro de téléphone, email (facultatif), mot de passe (enregistré
            uniquement sous forme chiffrée), code de parrainage, date d'acceptation des conditions.
          </li>
          <li>
            <strong>Courses</strong> : adresses et coordonnées GPS de retrait et de livraison, numéros des contacts et
            du destinataire, description du colis, horaires, prix, évaluations et réclamations.
          </li>
          <li>
            <strong>Livreurs</strong> : dossier d'identité fourni lors de l'inscription, et position GPS transmise par
            l'application lorsque le livreur est disponible et pendant ses livraisons. Aucune position n'est collectée
            en dehors de ces moments.
          </li>
          <li>
            <strong>Paiements</strong> : moyen de paiement, montant et référence de la transaction. Les numéros de carte
            bancaire sont transmis au prestataire de paiement et ne sont pas conservés par Coursa.
          </li>
          <li>
            <strong>Données techniques</strong> : journaux de connexion et de sécurité (date, adresse IP).
          </li>
        </ul>
      </section>

      <section>
        <h2>2. Utilisation</h2>
        <p>
          Ces données servent à réaliser et suivre les livraisons, envoyer les SMS nécessaires (activation du compte,
          codes de réinitialisation et de livraison), traiter les paiements et les commissions des livreurs, gérer la
          fidélité, répondre aux réclamations, prévenir la fraude et respecter nos obligations légales. Coursa ne vend
          pas vos données et ne les utilise pas pour de la publicité de tiers.
        </p>
      </section>

      <section>
        <h2>3. Qui y a accès</h2>
        <ul>
          <li>
            Le livreur d'une course voit le nom et le téléphone du client, les adresses et les contacts de la course.
          </li>
          <li>Le client voit la position de son livreur pendant sa course.</li>
          <li>Le destinataire reçoit par SMS le code de livraison.</li>
          <li>
            Nos prestataires (envoi de SMS, paiement, hébergement) reçoivent uniquement ce qui est nécessaire à leur
            mission.
          </li>
          <li>Les autorités, sur demande légale.</li>
        </ul>
      </section>

      <section>
        <h2>4. Durées de conservation</h2>
        <ul>
          <li>Compte : tant qu'il est utilisé, puis supprimé ou anonymisé 3 ans après la dernière activité.</li>
          <li>Courses, paiements et reçus : 10 ans, pour nos obligations comptables.</li>
          <li>Positions GPS des livreurs : 6 mois, puis supprimées.</li>
          <li>
            Codes d'activation, de réinitialisation et de livraison : enregistrés sous forme chiffrée et valables peu de
            temps (24 heures pour un lien d'activation).
          </li>
          <li>Journaux de sécurité : 12 mois.</li>
        </ul>
      </section>

      <section>
        <h2>5. Sécurité</h2>
        <p>
          Les échanges sont chiffrés (HTTPS), les mots de passe et les codes ne sont jamais stockés en clair, et seules
          les personnes habilitées de Coursa accèdent aux données, avec un journal de leurs actions.
        </p>
      </section>

      <section>
        <h2>6. Vos droits</h2>
        <p>
          Vous pouvez demander l'accès à vos données, leur correction ou leur suppression, et vous opposer à un
          traitement, en écrivant à <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. Nous répondons dans un
          délai de 30 jours. Certaines données doivent toutefois être conservées pour nos obligations légales.
        </p>
      </section>
    </LegalPage>
  );
}
