-- The 1 000 000-point data set of decision 0007's second measurement (issue 16): 60 % spread
-- over metropolitan France, 40 % around ten cities (Paris heaviest), and the four candidate
-- indexes. Run: psql -h 127.0.0.1 -U postgres -c 'create database occazio_exp_<you>' &&
--   psql -h 127.0.0.1 -U postgres -d occazio_exp_<you> -f data.sql &&
--   python3 queries.py && psql … -f /tmp/h16-q.sql   (each query twice, the second timed)
create extension if not exists cube; create extension if not exists earthdistance;
create table t (id uuid primary key default gen_random_uuid(), latitude float8, longitude float8, published_at timestamptz, price int, fuel text, mileage int, year int);
with c(i, lat, lon) as (values (0,48.86,2.35),(1,45.76,4.83),(2,43.30,5.37),(3,43.60,1.44),(4,47.22,-1.55),(5,50.63,3.06),(6,44.84,-0.58),(7,48.58,7.75),(8,43.61,3.88),(9,48.11,-1.68))
insert into t (latitude, longitude, published_at, price, fuel, mileage, year)
select case when r < 0.6 then 42.5 + random()*8.5 else cl.lat + (random()+random()+random()-1.5)*0.8 end,
       case when r < 0.6 then -4.5 + random()*12.5 else cl.lon + (random()+random()+random()-1.5)*1.1 end,
       now() - random()*interval '180 days', (1000+random()*40000)::int,
       (array['Essence','Diesel','Hybride','Electrique'])[1+floor(random()*4)], (random()*200000)::int, 2005+floor(random()*20)::int
from (select random() r, (case when random()<0.4 then 0 else floor(random()*10)::int end) k from generate_series(1,1000000)) g
join c cl on cl.i = g.k;
create index t_band on t (latitude, longitude, price, fuel, mileage, year, published_at, id);
create index t_earth on t using gist (ll_to_earth(latitude, longitude)) include (latitude, longitude, price, fuel, mileage, year, published_at, id);
create index t_spg on t using spgist (point(longitude, latitude)) include (latitude, longitude, price, fuel, mileage, year, published_at, id);
create index t_gpt on t using gist (point(longitude, latitude)) include (latitude, longitude, price, fuel, mileage, year, published_at, id);
vacuum analyze t;
