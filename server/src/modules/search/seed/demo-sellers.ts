/**
 * The demo catalogue's sellers: shops in a dozen Indian cities, each with the categories it
 * trades in. They get random passwords nobody knows (no demo login, docs/product.md#roles).
 */
export interface DemoSeller {
  username: string;
  city: string;
  state: string;
  /** Hindi-speaking shops write some listings in Hindi. */
  writesHindi: boolean;
  categories: string[];
}

export const DEMO_SELLERS: DemoSeller[] = [
  { username: 'delhi_office_mart', city: 'Delhi', state: 'Delhi', writesHindi: true, categories: ['OfficeSupplies', 'Furniture', 'BusinessEquipment'] },
  { username: 'nehru_place_computers', city: 'New Delhi', state: 'Delhi', writesHindi: true, categories: ['Computers', 'Gaming', 'VideoGames', 'KidsElectronics'] },
  { username: 'mumbai_mobile_hub', city: 'Mumbai', state: 'Maharashtra', writesHindi: false, categories: ['Smartphones', 'Audio', 'Wearables', 'HomeElectronics'] },
  { username: 'crawford_kitchenware', city: 'Mumbai', state: 'Maharashtra', writesHindi: false, categories: ['Kitchen', 'HomeDecor', 'Garden'] },
  { username: 'bengaluru_tech_traders', city: 'Bengaluru', state: 'Karnataka', writesHindi: false, categories: ['Computers', 'Cameras', 'Gaming', 'HomeElectronics', 'Smartphones'] },
  { username: 'chennai_auto_spares', city: 'Chennai', state: 'Tamil Nadu', writesHindi: false, categories: ['CarParts', 'AutoTools', 'CarAccessories', 'Motorcycles'] },
  { username: 'college_street_books', city: 'Kolkata', state: 'West Bengal', writesHindi: false, categories: ['Books', 'Music', 'Movies', 'Collectibles', 'Antiques'] },
  { username: 'hyderabad_medi_supplies', city: 'Hyderabad', state: 'Telangana', writesHindi: false, categories: ['MedicalDevices', 'HealthEquipment', 'Supplements', 'PersonalCare', 'Beauty'] },
  { username: 'pune_industrial_tools', city: 'Pune', state: 'Maharashtra', writesHindi: false, categories: ['IndustrialEquipment', 'HomeTools', 'HomeImprovement', 'AutoTools'] },
  { username: 'ahmedabad_textile_mills', city: 'Ahmedabad', state: 'Gujarat', writesHindi: true, categories: ['MensClothing', 'UnisexClothing', 'BabyClothing', 'WomensClothing'] },
  { username: 'surat_saree_house', city: 'Surat', state: 'Gujarat', writesHindi: true, categories: ['WomensClothing', 'Accessories', 'Jewelry', 'Bags'] },
  { username: 'jaipur_handicrafts', city: 'Jaipur', state: 'Rajasthan', writesHindi: true, categories: ['HomeDecor', 'Art', 'Crafts', 'Jewelry', 'Antiques'] },
  { username: 'ludhiana_sports_cycles', city: 'Ludhiana', state: 'Punjab', writesHindi: true, categories: ['Bicycles', 'SportsEquipment', 'FitnessEquipment', 'WinterSports', 'WaterSports', 'OutdoorGear'] },
  { username: 'lucknow_chikan_kendra', city: 'Lucknow', state: 'Uttar Pradesh', writesHindi: true, categories: ['MensClothing', 'WomensClothing', 'Accessories'] },
  { username: 'kanpur_leather_works', city: 'Kanpur', state: 'Uttar Pradesh', writesHindi: true, categories: ['Shoes', 'Bags', 'Accessories'] },
  { username: 'coimbatore_pumps_motors', city: 'Coimbatore', state: 'Tamil Nadu', writesHindi: false, categories: ['IndustrialEquipment', 'Garden', 'HomeImprovement', 'Other'] },
  { username: 'indore_kids_world', city: 'Indore', state: 'Madhya Pradesh', writesHindi: true, categories: ['Toys', 'BabyGear', 'BabyClothing', 'KidsElectronics'] },
];
