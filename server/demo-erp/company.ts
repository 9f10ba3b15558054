/** The demo company (our side of the mutabakat letters) in demo mode, when COMPANY_* are not set. */
export interface DemoCompany {
  title: string;
  address: string;
  taxOffice: string;
  taxNo: string;
}

export const DEMO_COMPANY: Readonly<DemoCompany> = Object.freeze({
  title: 'Örnek Ticaret ve Sanayi A.Ş.',
  address: 'Atatürk Cad. No: 12/3 Kozyatağı\n34742 Kadıköy / İstanbul',
  taxOffice: 'Kozyatağı',
  taxNo: '6470012345',
});
