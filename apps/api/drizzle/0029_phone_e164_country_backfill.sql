-- Hand-written (DECISIONS §14 "Phone numbers"): phone numbers to E.164, customers' ISO countries, and the payment
-- dashboard's customers by country keyed by ISO country instead of dial code. Runs after 0026 (customers.country).
--
-- 1. Numbers stored as a national number beside a dial code ("+44", "7700 900123") become E.164 ("+447700900123")
--    where the stored parts allow: only digits, spaces, dashes and brackets; one trunk prefix dropped (a leading 0,
--    except in Italy, San Marino and the Vatican where it is part of the number; 1 in North America and 8 in +7 on
--    11 digits); a 7-digit number beside an area-coded dial code ("+1-684") gets the area code; 8 to 15 digits in
--    all. Left as they are (and shown with their dial code in front): numbers without a dial code, and numbers these
--    rules cannot convert. The server checks and converts every number saved from now on with libphonenumber-js.
-- 2. customers.country: the main country of the dial code (+44 -> GB, +1 -> US, +1-684 -> AS), from the table
--    below (made from libphonenumber-js 1.13.16's metadata). Numbers saved from now on give their own country
--    (a Canadian number beside +1 -> CA).
-- 3. The customers trigger counts customers.country; the counts are rebuilt from the customers table.
CREATE TEMPORARY TABLE dial_countries (dial_code text PRIMARY KEY, country text NOT NULL) ;
--> statement-breakpoint
INSERT INTO dial_countries (dial_code, country) VALUES
  ('+1','US'), ('+1-242','BS'), ('+1-246','BB'), ('+1-264','AI'), ('+1-268','AG'), ('+1-284','VG'), ('+1-340','VI'),
  ('+1-345','KY'), ('+1-441','BM'), ('+1-473','GD'), ('+1-649','TC'), ('+1-664','MS'), ('+1-670','MP'),
  ('+1-671','GU'), ('+1-684','AS'), ('+1-721','SX'), ('+1-758','LC'), ('+1-767','DM'), ('+1-784','VC'),
  ('+1-787','PR'), ('+1-809','DO'), ('+1-829','DO'), ('+1-849','DO'), ('+1-868','TT'), ('+1-869','KN'),
  ('+1-876','JM'), ('+1-939','PR'), ('+20','EG'), ('+211','SS'), ('+212','MA'), ('+213','DZ'), ('+216','TN'),
  ('+218','LY'), ('+220','GM'), ('+221','SN'), ('+222','MR'), ('+223','ML'), ('+224','GN'), ('+225','CI'),
  ('+226','BF'), ('+227','NE'), ('+228','TG'), ('+229','BJ'), ('+230','MU'), ('+231','LR'), ('+232','SL'),
  ('+233','GH'), ('+234','NG'), ('+235','TD'), ('+236','CF'), ('+237','CM'), ('+238','CV'), ('+239','ST'),
  ('+240','GQ'), ('+241','GA'), ('+242','CG'), ('+243','CD'), ('+244','AO'), ('+245','GW'), ('+246','IO'),
  ('+247','AC'), ('+248','SC'), ('+249','SD'), ('+250','RW'), ('+251','ET'), ('+252','SO'), ('+253','DJ'),
  ('+254','KE'), ('+255','TZ'), ('+256','UG'), ('+257','BI'), ('+258','MZ'), ('+260','ZM'), ('+261','MG'),
  ('+262','RE'), ('+263','ZW'), ('+264','NA'), ('+265','MW'), ('+266','LS'), ('+267','BW'), ('+268','SZ'),
  ('+269','KM'), ('+27','ZA'), ('+290','SH'), ('+291','ER'), ('+297','AW'), ('+298','FO'), ('+299','GL'),
  ('+30','GR'), ('+31','NL'), ('+32','BE'), ('+33','FR'), ('+34','ES'), ('+350','GI'), ('+351','PT'), ('+352','LU'),
  ('+353','IE'), ('+354','IS'), ('+355','AL'), ('+356','MT'), ('+357','CY'), ('+358','FI'), ('+359','BG'),
  ('+36','HU'), ('+370','LT'), ('+371','LV'), ('+372','EE'), ('+373','MD'), ('+374','AM'), ('+375','BY'),
  ('+376','AD'), ('+377','MC'), ('+378','SM'), ('+380','UA'), ('+381','RS'), ('+382','ME'), ('+383','XK'),
  ('+385','HR'), ('+386','SI'), ('+387','BA'), ('+389','MK'), ('+39','IT'), ('+40','RO'), ('+41','CH'),
  ('+420','CZ'), ('+421','SK'), ('+423','LI'), ('+43','AT'), ('+44','GB'), ('+45','DK'), ('+46','SE'), ('+47','NO'),
  ('+48','PL'), ('+49','DE'), ('+500','FK'), ('+501','BZ'), ('+502','GT'), ('+503','SV'), ('+504','HN'),
  ('+505','NI'), ('+506','CR'), ('+507','PA'), ('+508','PM'), ('+509','HT'), ('+51','PE'), ('+52','MX'),
  ('+53','CU'), ('+54','AR'), ('+55','BR'), ('+56','CL'), ('+57','CO'), ('+58','VE'), ('+590','GP'), ('+591','BO'),
  ('+592','GY'), ('+593','EC'), ('+594','GF'), ('+595','PY'), ('+596','MQ'), ('+597','SR'), ('+598','UY'),
  ('+599','CW'), ('+60','MY'), ('+61','AU'), ('+62','ID'), ('+63','PH'), ('+64','NZ'), ('+65','SG'), ('+66','TH'),
  ('+670','TL'), ('+672','NF'), ('+673','BN'), ('+674','NR'), ('+675','PG'), ('+676','TO'), ('+677','SB'),
  ('+678','VU'), ('+679','FJ'), ('+680','PW'), ('+681','WF'), ('+682','CK'), ('+683','NU'), ('+685','WS'),
  ('+686','KI'), ('+687','NC'), ('+688','TV'), ('+689','PF'), ('+690','TK'), ('+691','FM'), ('+692','MH'),
  ('+7','RU'), ('+81','JP'), ('+82','KR'), ('+84','VN'), ('+850','KP'), ('+852','HK'), ('+853','MO'), ('+855','KH'),
  ('+856','LA'), ('+86','CN'), ('+880','BD'), ('+886','TW'), ('+90','TR'), ('+91','IN'), ('+92','PK'), ('+93','AF'),
  ('+94','LK'), ('+95','MM'), ('+960','MV'), ('+961','LB'), ('+962','JO'), ('+963','SY'), ('+964','IQ'),
  ('+965','KW'), ('+966','SA'), ('+967','YE'), ('+968','OM'), ('+970','PS'), ('+971','AE'), ('+972','IL'),
  ('+973','BH'), ('+974','QA'), ('+975','BT'), ('+976','MN'), ('+977','NP'), ('+98','IR'), ('+992','TJ'),
  ('+993','TM'), ('+994','AZ'), ('+995','GE'), ('+996','KG'), ('+998','UZ');
--> statement-breakpoint
WITH parts AS (
  SELECT id,
         split_part(ltrim(trim(country_code), '+'), '-', 1) AS calling,
         split_part(ltrim(trim(country_code), '+'), '-', 2) AS area,
         regexp_replace(phone_number, '\D', '', 'g') AS digits
  FROM customers
  WHERE phone_number <> '' AND phone_number !~ '^\+' AND phone_number ~ '^[0-9 ()-]+$'
    AND trim(country_code) ~ '^\+?\d{1,4}(-\d{1,4})?$'
), national AS (
  SELECT id, calling,
         CASE
           WHEN calling = '1' AND length(digits) = 11 AND digits LIKE '1%' THEN substr(digits, 2)
           WHEN calling = '1' AND area <> '' AND length(digits) = 7 THEN area || digits
           WHEN calling = '7' AND length(digits) = 11 AND digits LIKE '8%' THEN substr(digits, 2)
           WHEN calling NOT IN ('39', '378', '379') AND digits LIKE '0%' THEN substr(digits, 2)
           ELSE digits
         END AS n
  FROM parts
)
UPDATE customers c SET phone_number = '+' || national.calling || national.n
  FROM national
 WHERE national.id = c.id AND length(national.n) >= 4 AND length(national.calling || national.n) BETWEEN 8 AND 15
   AND (national.n !~ '^0' OR national.calling IN ('39', '378', '379'));
--> statement-breakpoint
UPDATE customers c SET country = d.country
  FROM dial_countries d
 WHERE c.country IS NULL AND d.dial_code = trim(c.country_code);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_country_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO customer_country_deltas (country, delta) VALUES (coalesce(OLD.country, ''), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO customer_country_deltas (country, delta) VALUES (coalesce(NEW.country, ''), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER customers_country_update ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_country_update AFTER UPDATE OF country ON customers
  FOR EACH ROW WHEN (OLD.country IS DISTINCT FROM NEW.country)
  EXECUTE FUNCTION customer_country_track();
--> statement-breakpoint
DELETE FROM customer_country_deltas;
--> statement-breakpoint
DELETE FROM customer_country_counts;
--> statement-breakpoint
INSERT INTO customer_country_counts (country, count)
  SELECT coalesce(country, ''), count(*)::int FROM customers GROUP BY 1;
--> statement-breakpoint
DROP TABLE dial_countries;
