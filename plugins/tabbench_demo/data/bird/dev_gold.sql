SELECT COUNT(*) FROM customers WHERE city = 'Leeds'	shop
SELECT name FROM products WHERE category = 'kitchen'	shop
SELECT price FROM products WHERE name = 'Blue tool 15'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue garden 11'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Turin'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'kitchen' AND T1.year = 2022	shop
SELECT name FROM products WHERE category = 'music' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds'	school
SELECT title FROM courses WHERE department = 'chemistry'	school
SELECT credits FROM courses WHERE title = 'Advanced biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2023	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'fantasy'	library
SELECT pages FROM books WHERE title = 'The Stone 32'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Basel' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'France'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin'	shop
SELECT name FROM products WHERE category = 'sports'	shop
SELECT price FROM products WHERE name = 'Green garden 19'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2021	shop
SELECT name FROM products WHERE category = 'toys' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo'	school
SELECT title FROM courses WHERE department = 'mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2020	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'drama'	library
SELECT pages FROM books WHERE title = 'The Lantern 38'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Turin' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 18'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Denmark'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM customers WHERE city = 'Krakow'	shop
SELECT name FROM products WHERE category = 'books'	shop
SELECT price FROM products WHERE name = 'Big tool 31'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2019	shop
SELECT name FROM products WHERE category = 'kitchen' ORDER BY price DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow'	school
SELECT credits FROM courses WHERE title = 'Topics in chemistry'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced history'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2020	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Advanced history' ORDER BY T1.score DESC LIMIT 1	school
SELECT pages FROM books WHERE title = 'The Mirror 16'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Canada'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM customers WHERE city = 'Valencia'	shop
SELECT price FROM products WHERE name = 'Red music 5'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Porto'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2023	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Vienna'	school
SELECT credits FROM courses WHERE title = 'Seminar in art'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to art'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2021	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Advanced physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT pages FROM books WHERE title = 'The Letter 5'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Valencia' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 13'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Bergen'	library
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'kitchen' AND T1.year = 2019	shop
SELECT credits FROM courses WHERE title = 'Seminar in mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2021	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to art' ORDER BY T1.score DESC LIMIT 1	school
SELECT pages FROM books WHERE title = 'The Harbor 77'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Ghent' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Dublin'	library
SELECT price FROM products WHERE name = 'Big garden 27'	shop
SELECT COUNT(*) FROM customers WHERE city = 'Vienna'	shop
SELECT name FROM products WHERE category = 'games'	shop
SELECT price FROM products WHERE name = 'Small game 34'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Dublin'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'toys' AND T1.year = 2023	shop
SELECT name FROM products WHERE category = 'games' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Turin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Basel'	school
SELECT title FROM courses WHERE department = 'biology'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced biology'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2023	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in art' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'science'	library
