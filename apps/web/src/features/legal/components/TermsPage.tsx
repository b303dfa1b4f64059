import { Link } from 'react-router';
import { CONTACT_EMAIL } from '../contact';
import { LegalPage } from './LegalPage';

export function TermsPage() {
  return (
    <LegalPage title="Conditions Générales d'Utilisation">
      <p className="legal__lead">
        Les présentes conditions encadrent l'utilisation de Coursa, la plateforme de livraison de colis à Conakry et en
        Guinée qui met en relation des clients et des livreurs.
      </p>

      <section>
        <h2>1. Objet du service</h2>
        <p>
          Coursa permet de commander une livraison (une « course ») d'un point de retrait vers un point de livraison, de
          la payer, d'en suivre l'avancement en temps réel et d'évaluer le livreur.
        </p>
      </section>

      <section>
        <h2>2. Acceptation</h2>
        <p>
          En créant un compte, vous acceptez ces conditions ainsi que la{' '}
          <Link to="/politique-confidentialite">Politique de Confidentialité</Link>. La date de votre acceptation est
          enregistrée.
        </p>
      </section>

      <section>
        <h2>3. Votre compte</h2>
        <ul>
          <li>
            Un compte client s'ouvre avec votre nom, un numéro de téléphone guinéen (+224) et un mot de passe d'au moins
            6 caractères ; l'email est facultatif. Les informations fournies doivent être exactes.
          </li>
          <li>Le compte est activé par le lien reçu par SMS ou par email, valable 24 heures.</li>
          <li>
            Vous êtes responsable de la confidentialité de votre mot de passe et des commandes passées depuis votre
            compte. Signalez-nous sans attendre toute utilisation que vous n'avez pas faite.
          </li>
          <li>Les comptes livreurs et administrateurs sont créés par Coursa, après vérification de l'identité.</li>
        </ul>
      </section>

      <section>
        <h2>4. Commandes et livraisons</h2>
        <ul>
          <li>
            Vous indiquez les adresses de retrait et de livraison, les contacts sur place, le numéro du destinataire et
            une description du colis.
          </li>
          <li>
            Sont interdits : les produits illicites, les armes, les matières dangereuses ou inflammables, ainsi que
            l'argent liquide.
          </li>
          <li>
            Le destinataire reçoit par SMS un code de livraison à 6 chiffres. Le livreur ne remet le colis que contre ce
            code : ne le communiquez qu'au moment de la remise.
          </li>
          <li>Une course peut être annulée tant qu'aucun livreur ne l'a acceptée.</li>
          <li>Les délais affichés sont indicatifs ; ils dépendent notamment de la circulation.</li>
        </ul>
      </section>

      <section>
        <h2>5. Prix et paiement</h2>
        <ul>
          <li>
            Les prix sont en francs guinéens (GNF). Le prix estimé, calculé selon la distance, est affiché avant la
            commande ; le prix final figure sur le reçu.
          </li>
          <li>
            Vous pouvez payer par mobile money (Orange Money, MTN MoMo), par PayCard, par carte bancaire ou en espèces à
            la livraison. Les paiements par carte bancaire sont débités en dollars américains (USD), au taux indiqué au
            moment du paiement.
          </li>
          <li>
            Une course payée en ligne n'est enregistrée qu'une fois le paiement confirmé. Un reçu est disponible pour
            chaque course livrée.
          </li>
        </ul>
      </section>

      <section>
        <h2>6. Fidélité et parrainage</h2>
        <p>
          Chaque course livrée rapporte 10 points de fidélité ; une livraison est offerte toutes les 10 courses. Les
          points, codes promo et avantages de parrainage n'ont pas de valeur en argent et ne peuvent être cédés.
        </p>
      </section>

      <section>
        <h2>7. Réclamations et responsabilité</h2>
        <p>
          En cas de problème (retard, colis endommagé, paiement), ouvrez une réclamation depuis la course concernée.
          Chaque réclamation est examinée par notre équipe et peut donner lieu à un remboursement. Coursa n'est pas
          responsable du contenu des colis, qui relève de l'expéditeur.
        </p>
      </section>

      <section>
        <h2>8. Suspension et fermeture du compte</h2>
        <p>
          Coursa peut suspendre un compte en cas de fraude, d'usage abusif ou de non-respect de ces conditions. Vous
          pouvez demander la fermeture de votre compte à tout moment.
        </p>
      </section>

      <section>
        <h2>9. Droit applicable</h2>
        <p>
          Ces conditions sont soumises au droit guinéen. En cas de litige, une solution amiable est recherchée en
          priorité ; à défaut, les tribunaux compétents de Conakry sont saisis.
        </p>
      </section>

      <section>
        <h2>10. Contact</h2>
        <p>
          Pour toute question : <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </section>
    </LegalPage>
  );
}
